/** The routes of the activation operations (./index.ts). */
export const activation = { name: 'activation', method: 'GET', path: '/api/activate.php' } as const;
export const resendActivation = {
  name: 'resendActivation',
  method: 'POST',
  path: '/api/activate.php',
  selector: { resend: '1' },
} as const;
