/** The routes of the data export operations (./index.ts). */
export const dataExportStatus = { name: 'dataExportStatus', method: 'GET', path: '/api/data_export.php' } as const;
export const requestDataExport = {
  name: 'requestDataExport',
  method: 'POST',
  path: '/api/data_export.php',
  selector: { action: 'request' },
} as const;
export const dataExportLink = {
  name: 'dataExportLink',
  method: 'POST',
  path: '/api/data_export.php',
  selector: { action: 'link' },
} as const;
