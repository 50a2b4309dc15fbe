/** The routes of the dev operations (./index.ts). */
export const devAction = { name: 'devAction', method: 'POST', path: '/api/dev.php' } as const;
