/** The routes of the safety operations (./index.ts). */
export const blockedMembers = { name: 'blockedMembers', method: 'GET', path: '/api/block.php' } as const;
export const blockedMember = {
  name: 'blockedMember',
  method: 'GET',
  path: '/api/block.php',
  selector: { action: 'status' },
} as const;
export const block = { name: 'block', method: 'POST', path: '/api/block.php' } as const;
export const unblock = { name: 'unblock', method: 'DELETE', path: '/api/block.php' } as const;
export const report = { name: 'report', method: 'POST', path: '/api/report.php' } as const;
