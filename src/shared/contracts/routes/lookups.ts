/** The routes of the lookup operations (./index.ts): regions, profile field choices, company details. */
export const regions = { name: 'regions', method: 'GET', path: '/api/regions.php' } as const;
export const interests = { name: 'interests', method: 'GET', path: '/api/interests.php' } as const;
export const companyInfo = { name: 'companyInfo', method: 'GET', path: '/api/companyinfo.php' } as const;
