/** The routes of the push operations (./index.ts). */
export const pushSubscribe = {
  name: 'pushSubscribe',
  method: 'POST',
  path: '/api/user.php',
  selector: { push: '1' },
} as const;
export const pushUnsubscribe = {
  name: 'pushUnsubscribe',
  method: 'DELETE',
  path: '/api/user.php',
  selector: { push: '1' },
} as const;
export const pageHidden = { name: 'pageHidden', method: 'POST', path: '/api/page-hidden.php' } as const;
