/** The routes of the email change operations (./index.ts). */
export const emailChangeStatus = {
  name: 'emailChangeStatus',
  method: 'GET',
  path: '/api/mailchange.php',
  selector: { action: 'status' },
} as const;
export const requestEmailChange = {
  name: 'requestEmailChange',
  method: 'POST',
  path: '/api/mailchange.php',
  selector: { action: 'request' },
} as const;
export const resendEmailChange = {
  name: 'resendEmailChange',
  method: 'POST',
  path: '/api/mailchange.php',
  selector: { action: 'resend' },
} as const;
export const cancelEmailChange = {
  name: 'cancelEmailChange',
  method: 'POST',
  path: '/api/mailchange.php',
  selector: { action: 'cancel' },
} as const;
export const confirmEmailChange = {
  name: 'confirmEmailChange',
  method: 'POST',
  path: '/api/mailchange.php',
  selector: { action: 'confirm' },
} as const;
export const checkEmailChangeUndo = {
  name: 'checkEmailChangeUndo',
  method: 'GET',
  path: '/api/mailchange.php',
  selector: { action: 'undo' },
} as const;
export const undoEmailChange = {
  name: 'undoEmailChange',
  method: 'POST',
  path: '/api/mailchange.php',
  selector: { action: 'undo' },
} as const;
