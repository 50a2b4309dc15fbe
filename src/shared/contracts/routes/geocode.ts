/** The routes of the geocode operations (./index.ts). */
export const geocode = { name: 'geocode', method: 'GET', path: '/api/geocode.php' } as const;
