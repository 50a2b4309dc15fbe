/** The routes of the payments operations (./index.ts). */
export const startPurchase = { name: 'startPurchase', method: 'POST', path: '/api/payment.php' } as const;
export const transaction = { name: 'transaction', method: 'GET', path: '/api/transaction.php' } as const;
export const discountCode = { name: 'discountCode', method: 'GET', path: '/api/discountcode.php' } as const;
export const premium = { name: 'premium', method: 'GET', path: '/api/premium.php' } as const;
export const cancelPremium = { name: 'cancelPremium', method: 'DELETE', path: '/api/premium.php' } as const;
