// The one place drizzle needs every table; application code imports tables from their own files.
export * from './users';
export * from './system';
export * from './catalogs';
export * from './patients';
export * from './patient-demographics';
export * from './resources';
export * from './holidays';
export * from './agendas';
export * from './appointments';
export * from './queue';
export * from './call-center';
export * from './calls';
export * from './access-log';
export * from './uploads';
export * from './audit';
export * from './billing';
export * from './analytics';
