/** The routes of the xcams operations (./index.ts). */
export const xcamsSearch = { name: 'xcamsSearch', method: 'GET', path: '/api/xcams/search.php' } as const;
