/** The routes of the password operations (./index.ts). */
export const changePassword = {
  name: 'changePassword',
  method: 'POST',
  path: '/api/password.php',
  selector: { action: 'change' },
} as const;
export const requestPasswordReset = {
  name: 'requestPasswordReset',
  method: 'POST',
  path: '/api/password.php',
  selector: { action: 'request-reset' },
} as const;
export const resetPassword = {
  name: 'resetPassword',
  method: 'POST',
  path: '/api/password.php',
  selector: { action: 'reset' },
} as const;
