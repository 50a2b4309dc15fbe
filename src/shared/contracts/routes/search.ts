/** The routes of the search operations (./index.ts). */
export const search = { name: 'search', method: 'GET', path: '/api/search.php' } as const;
export const profile = { name: 'profile', method: 'GET', path: '/api/profile.php' } as const;
