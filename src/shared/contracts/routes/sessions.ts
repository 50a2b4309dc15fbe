/** The routes of the sessions operations (./index.ts). */
export const listSessions = { name: 'listSessions', method: 'GET', path: '/api/sessions.php' } as const;
export const endSession = {
  name: 'endSession',
  method: 'POST',
  path: '/api/sessions.php',
  selector: { action: 'end' },
} as const;
export const endOtherSessions = {
  name: 'endOtherSessions',
  method: 'POST',
  path: '/api/sessions.php',
  selector: { action: 'end-others' },
} as const;
