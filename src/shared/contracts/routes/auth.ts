/** The routes of the auth operations (./index.ts). */
export const signup = { name: 'signup', method: 'POST', path: '/api/user.php', selector: { new: '1' } } as const;
export const login = { name: 'login', method: 'POST', path: '/api/login.php' } as const;
export const logout = { name: 'logout', method: 'GET', path: '/api/logout.php' } as const;
export const user = { name: 'user', method: 'GET', path: '/api/user.php' } as const;
