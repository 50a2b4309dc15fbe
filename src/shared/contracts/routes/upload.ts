/** The routes of the upload operations (./index.ts). */
export const profileImage = { name: 'profileImage', method: 'POST', path: '/api/profileimage.php' } as const;
