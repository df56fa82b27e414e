/** What other modules may use of analytics: the consultation figures (metrics reuses them), table exports. */
export {
  doctorCounts,
  newPatients,
  overview,
  performance,
  ratio,
  rollupsReady,
  specialties,
  statusCounts,
  uniquePatients,
  windowOf,
} from './service';
export { type Table, tableCsv, tableXlsx } from './table-export';
