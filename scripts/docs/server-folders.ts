/**
 * What each folder of src/server holds: the one place of these descriptions, rendered into
 * docs/architecture.md §2 and src/server/README.md by the docs generator. The generator fails when a
 * folder exists without a description or a description names a folder that no longer exists.
 */
export const SERVER_FOLDERS: Record<string, string> = {
  account:
    "the member's own account: e-mail change and its undo, notification settings and unsubscribe links, data export (ZIP built in the background), account deletion and its stay offer",
  affiliates:
    "the site's networks and lander experiments (site config `affiliates`), conversions written in the transaction that caused them, the postback outbox and its sender, the lander entry's variant assignment and visit counters, the lander report and its statistics",
  auth: 'log-in with its limits (known-device cookie, pacing of unknown devices), password change and reset, ending sessions, operator reset links (passwords, sessions and rate limits are in platform/)',
  blocks: 'blocking a member, and the block filters chat, likes, members and profiles apply',
  backup:
    'backups and restores (`npm run backup`, `restore`: database snapshot, app secret, VAPID keys, uploads) and the move from the embedded database to PostgreSQL (`npm run migrate:to-postgres`)',
  chat: 'conversations, messages, typing, reports (blocks are in blocks/, message push and mails in outbox/)',
  credits: "credit balance, overview, setting credits to zero, operators' adjustments",
  db: 'schema/ (one file per area), client (PGlite or node-postgres), migrations/, seed/, raw SQL helpers',
  geo: 'geocoding, country and region names',
  gifs: 'GifProvider with the HTTP service and the offline set; GIF search',
  http: "the edge: handleApi pipeline, the Origin check, apiRoute, endpoints/, cookies (session, locale, tracking), parsing, responses, SSE route, security headers and the Content-Security-Policy, page context, request locale, client address behind trusted proxies, visitor access of a request, serving pre-rendered files; the operator API (`admin-api.ts`, its operations in `admin/`) and the pages' loaders (`page-loaders/`: one per page, the log-in rule in `page-access.ts`, the console pages' guard `loadConsolePage`)",
  i18n: 'server-side messages, locale detection, language switch target',
  landers:
    "build-time lander data, lander pages and media, which pre-rendered file a lander or page is, the landers' CDN root and its publish",
  lifecycle:
    'the periodic jobs (the runner and ALL_JOBS, the one list of every background job); starting and stopping a server process: the lifecycle entry scripts/serve.mjs calls (start before listening, readiness for /readyz, graceful drain), the readiness report, the draining signal',
  likes: 'like, unlike, list likes (their notices, push or throttled mail, are in outbox/)',
  log: 'the logger',
  media:
    "profile image upload and processing (sharp) through the process's bounded decode queue, daily upload bytes per member; own photos: order, main photo, delete with files",
  members:
    "search, paging cursors, count cache, visitors' page cache, profile views and facts, saved search, profile update",
  metrics:
    'Prometheus series (prom-client) and who may read `/metrics`; request series are in scripts/metrics-http.mjs',
  moderation:
    "the operator console's moderation: reports queue and report actions, member restrictions (suspend, ban, lift; the job lifting ended suspensions), photo review, and the automated photo screening (classifier worker thread, the screening job, profiles' nudity flag)",
  operators:
    'operator accounts and setup links (`npm run operator:add`), TOTP log-in and recovery codes, operator sessions (cookie on /admin, 8 h absolute, 30 min idle), the append-only audit log, the dashboard',
  outbox:
    'the durable outbox of mails, pushes and notices (queue in the causing transaction, nudge, deliver, prune): queueing a mail, message and like notices (push or mail), the welcome push',
  pages:
    'the page data the loaders call: member routes, opening member and chat pages, the first page of /members results, signup journey',
  payments:
    'PaymentProvider with the sandbox and Mollie, the catalogue and prices, starting a purchase, settling it exactly once, refunds and chargebacks, premium subscriptions, discounts, receipts, reconciliation',
  platform:
    "what every domain uses, below the domains (docs/architecture.md §7): accounts/, audit/ (the audit log), rate-limit/, passwords/, mail/ (Mailer, the mail layout, every mail's text), security/ (app secret, account tokens, outbound address guard), sites/ (site files and config), jobs/ (job shape, lease queue), events/ (member events and the hub), metrics/, demo-people/",
  profiles: "opening a member's profile (members, likes and blocks together)",
  push: 'PushService (web-push), subscriptions, the endpoint policy (public addresses only), VAPID keys',
  realtime: 'SSE stream, presence, session watch (member events and the hub are in platform/events/)',
  signup: 'create account, activation, e-mail check and change, complete-signup reminder',
  sites:
    'site resolution, public settings, site regions, visitor access rule, web manifest (site files and config are in platform/sites/)',
  static: "store of the build's pre-rendered files",
  storage: 'Storage interface, local disk or an S3-compatible bucket (S3_* variables), storage keys',
  xcams: 'CamProvider: partner webcam feed over HTTP or the demo feed; eligibility',
};
