/** The routes of the account deletion operations (./index.ts). */
export const deleteOfferState = { name: 'deleteOfferState', method: 'GET', path: '/api/account.php' } as const;
export const showDeleteOffer = {
  name: 'showDeleteOffer',
  method: 'POST',
  path: '/api/account.php',
  selector: { delete_offer: 'show' },
} as const;
export const acceptDeleteOffer = {
  name: 'acceptDeleteOffer',
  method: 'POST',
  path: '/api/account.php',
  selector: { delete_offer: 'accept' },
} as const;
export const deleteAccount = { name: 'deleteAccount', method: 'DELETE', path: '/api/account.php' } as const;
