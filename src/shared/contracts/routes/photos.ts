/** The routes of the photos operations (./index.ts). */
export const photos = { name: 'photos', method: 'GET', path: '/api/profileimage.php' } as const;
export const deletePhoto = { name: 'deletePhoto', method: 'DELETE', path: '/api/profileimage.php' } as const;
export const arrangePhotos = { name: 'arrangePhotos', method: 'PUT', path: '/api/profileimage.php' } as const;
