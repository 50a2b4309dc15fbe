/** The routes of the settings operations (./index.ts). */
export const settings = { name: 'settings', method: 'GET', path: '/api/settings.php' } as const;
