/** The routes of the email check operations (./index.ts). */
export const emailCheck = { name: 'emailCheck', method: 'GET', path: '/api/validate_email.php' } as const;
