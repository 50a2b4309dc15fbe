/** The routes of the likes operations (./index.ts). */
export const likes = { name: 'likes', method: 'GET', path: '/api/likes.php' } as const;
export const like = { name: 'like', method: 'POST', path: '/api/likes.php' } as const;
export const unlike = { name: 'unlike', method: 'DELETE', path: '/api/likes.php' } as const;
