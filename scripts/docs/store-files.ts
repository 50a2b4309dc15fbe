/**
 * What each store of src/stores holds: the one place of these descriptions, rendered into
 * docs/architecture.md §2 and src/stores/README.md by the docs generator, which fails when a store
 * file has no description or a description names a file that no longer exists.
 */
export const STORE_FILES: Record<string, string> = {
  'admin/':
    "the operator console's stores (docs/product.md §13): per-island load and action stores, failure texts, the reports queue, photo review, log-in, and one module of API verbs per section",
  'account-deletion': '"delete my account": the one-time stay offer, password and reason, then /account-deleted',
  'account-profile': '/profile editing: per-section save with the signup rules, field errors',
  'account-sessions': 'where the member is logged in, log out one device or all others',
  'activation-resend': 'the activation reminder\'s "send the link again"',
  badges: 'nav and app badge counters (unread messages, new likes), document title',
  'blocked-members': '/profile "Blocked members": the list (names only) and Unblock',
  chats: 'chat list with unread counts',
  conversation: 'the open conversation: history pages, optimistic sends, read receipts, typing',
  'data-export': '"download my data": export status (polled while built), one-time download link',
  dev: "the developer panel's server action (credits to zero)",
  'email-change': '/profile e-mail change (pending change, send again, cancel) and its undo link',
  'email-check': 'signup e-mail check with suggestion',
  failures: 'message key and field issues to show for a failed store verb',
  gifs: 'GIF picker search',
  likes: 'likes given and received, like/unlike toggle',
  'loading-bar': 'the top loading bar state, driven by API activity',
  modal: 'the one modal',
  'notification-settings': '/notifications: e-mail and push per kind, saved on each switch',
  page: "the page's boot data for islands: push key, visitor access, messages",
  password: 'password change on /profile, reset request and new password from the reset link',
  photos: 'own photos on /profile: uploads with progress, order, main photo, delete with undo',
  premium: "the member's premium on /premium: its state as the server rendered it, then as the cancel call returns it",
  'profile-fields': 'allowed profile field values (signup step 4)',
  purchase:
    "buying on /credits and /premium: the chosen package or plan and method, an applied discount code, starting the payment (then the provider's checkout, or the transaction page for a stored mandate)",
  push: 'push subscription state, pushes reported by the service worker',
  'push-prompt':
    'what the push offer remembers in this browser: interest shown and a decline in this session, the last decline (once a week)',
  pwa: 'service worker lifecycle, install prompts',
  'pwa-worker':
    "the service worker's side of the PWA store: registration, lifecycle, build-id polling and the guarded reload (loaded on demand by pwa.ts)",
  realtime: 'opens the event stream and routes its events into the stores',
  safety: 'block, unblock and report',
  search: 'search filters, pages and results',
  session: '$user and user polling',
  settings: 'site settings, loaded once',
  signup: 'signup wizard steps, photo upload, e-mail change',
  'signup-draft': 'signup form drafts: e-mail and name, date of birth, notes kept 7 days per site (never the password)',
  similar: 'similar results below the search (their page count kept in the URL)',
  'social-polling': 'chat/likes polling and starting/stopping realtime',
  toasts: 'toasts',
  transaction: "/transactions/:transactionId: the payment's status, asked for until it is final",
  webcams: 'webcam cards in the search grid',
};
