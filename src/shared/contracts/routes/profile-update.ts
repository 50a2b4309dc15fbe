/** The routes of the profile update operations (./index.ts). */
export const profileUpdate = { name: 'profileUpdate', method: 'PUT', path: '/api/user.php' } as const;
export const emailChange = {
  name: 'emailChange',
  method: 'PUT',
  path: '/api/user.php',
  selector: { email: '1' },
} as const;
export const profileFields = { name: 'profileFields', method: 'GET', path: '/api/profile_fields.php' } as const;
