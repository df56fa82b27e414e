/**
 * EPS operating in Colombia. Codes follow the SISPRO table of paying entities as commonly published
 * (contributive-regime code where an EPS has both); public copies disagree, so codes stay editable.
 */
export const EPS_CATALOG: readonly { name: string; code: string; affiliation_type: string }[] = [
  { name: 'Nueva EPS', code: 'EPS037', affiliation_type: 'Ambos' },
  { name: 'EPS Sura', code: 'EPS010', affiliation_type: 'Ambos' },
  { name: 'EPS Sanitas', code: 'EPS005', affiliation_type: 'Ambos' },
  { name: 'Salud Total EPS', code: 'EPS002', affiliation_type: 'Ambos' },
  { name: 'Compensar EPS', code: 'EPS008', affiliation_type: 'Ambos' },
  { name: 'Famisanar EPS', code: 'EPS017', affiliation_type: 'Ambos' },
  { name: 'Coosalud EPS', code: 'ESS024', affiliation_type: 'Ambos' },
  { name: 'Mutual Ser EPS', code: 'ESS207', affiliation_type: 'Ambos' },
  { name: 'Emssanar EPS', code: 'ESS118', affiliation_type: 'Subsidiado' },
  { name: 'Asmet Salud EPS', code: 'ESS062', affiliation_type: 'Subsidiado' },
  { name: 'EPS SOS (Servicio Occidental de Salud)', code: 'EPS018', affiliation_type: 'Ambos' },
  { name: 'Savia Salud EPS', code: 'EPS040', affiliation_type: 'Subsidiado' },
  { name: 'Capital Salud EPS', code: 'EPSS34', affiliation_type: 'Subsidiado' },
  { name: 'Cajacopi EPS', code: 'CCF055', affiliation_type: 'Subsidiado' },
  { name: 'Comfenalco Valle EPS', code: 'EPS012', affiliation_type: 'Contributivo' },
  { name: 'Aliansalud EPS', code: 'EPS001', affiliation_type: 'Contributivo' },
  { name: 'Capresoca EPS', code: 'EPS025', affiliation_type: 'Subsidiado' },
  { name: 'Dusakawi EPSI', code: 'EPSI01', affiliation_type: 'Subsidiado' },
  { name: 'Asociación Indígena del Cauca (AIC) EPSI', code: 'EPSI03', affiliation_type: 'Subsidiado' },
  { name: 'Anas Wayuu EPSI', code: 'EPSI04', affiliation_type: 'Subsidiado' },
  { name: 'Mallamas EPSI', code: 'EPSI05', affiliation_type: 'Subsidiado' },
  { name: 'Pijaos Salud EPSI', code: 'EPSI06', affiliation_type: 'Subsidiado' },
  { name: 'Comfachocó EPS', code: 'CCF102', affiliation_type: 'Subsidiado' },
  { name: 'Comfaoriente EPS', code: 'CCF050', affiliation_type: 'Subsidiado' },
  { name: 'Salud Mía EPS', code: 'EPS046', affiliation_type: 'Contributivo' },
];
