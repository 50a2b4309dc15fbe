/**
 * One line per npm script of package.json, for the generated table of docs/scripts.md (the only
 * place these summaries are kept). The generator fails when package.json has a script missing here
 * or this map names one package.json no longer has. Longer explanations are the sections of
 * docs/scripts.md below the table.
 */
export const SCRIPT_MEANINGS: Record<string, string> = {
  dev: 'Astro dev server with hot reload (uses `DATA_DIR` like start; run `npm run seed` first)',
  build:
    "production build into a new release of `dist/` (`dist/releases/<id>/`; `current` moves to it only when the build succeeded, [Deploys and rollback](operations.md#deploys-and-rollback)), then brotli and gzip copies of the static text files (`scripts/precompress.mjs`). `AMORA_SOURCEMAP=1` adds the browser files' source maps",
  start: 'build if any input changed, seed an empty database, serve (`PORT`, `HOST`, `DATA_DIR`, `WEB_CONCURRENCY`)',
  serve:
    "serve the current release of `dist/` without building or seeding (`scripts/serve.mjs`: the app's handler in our own HTTP server; `WEB_CONCURRENCY` processes on PostgreSQL; `AMORA_OUT_DIR` serves another build folder)",
  releases:
    '`-- list` the releases of `dist/` (or `AMORA_OUT_DIR`), the current one starred; `-- switch <id>` makes another one current (a rollback; restart the server to serve it)',
  seed: 'make sure `SEED_MEMBERS` deterministic demo members exist (adds the missing ones). On PGlite stop the server first',
  'report:landers':
    'the lander report of a site (`-- --site amora --from YYYY-MM-DD --to YYYY-MM-DD`, UTC days; default the last 30 days; `--json`): visits, signups, activations and sales per design and variant ([Affiliate networks](features.md#affiliate-networks-postbacks-and-lander-experiments)). On PGlite stop the server first',
  'landers:build':
    "a site's landers as a CDN root (`-- --site amora --out DIR`, from the build in `dist/client`; [Landers on a CDN](features.md#landers-on-a-cdn))",
  'landers:publish':
    "uploads a site's CDN root to the `LANDERS_S3_*` bucket (`-- --site amora`, `--dir DIR`, `--grace-days 7`): assets first, pages last, only changed files",
  'operator:add':
    'create operator accounts of the console: `-- --email ops@example.com --role moderator` (roles `moderator`, `support`, `finance`, `admin`; several pairs at once; `--site` picks the host of the printed link). Prints each one-time setup link (72 h). On PGlite stop the server first',
  backup:
    'one archive of the database, app secret, VAPID keys and local uploads (`-- --out FILE`, `--server URL`; [Backups](operations.md#backups-and-moving-to-postgresql))',
  restore: 'restore an archive: `-- --from FILE [--to DIR] [--database-url URL] [--force]`',
  'migrate:to-postgres':
    'copy the embedded database (and local uploads, to S3 when configured) to PostgreSQL: `-- --from ./data --to postgres://… [--force]`',
  'migrate:generate': 'generate a new migration from the schema in `src/server/db/schema/`',
  check:
    'every static check in parallel: format, types, lint, locales, dead code and the generated docs ([The checks](#the-checks))',
  'check:format': 'Prettier over the tree (TypeScript, Astro, CSS, JSON; not Markdown)',
  format: 'Prettier writes the whole tree (not Markdown)',
  'check:types': '`check:types:astro`, `check:types:ts` and `check:types:sw` in parallel',
  'check:types:astro': '`astro check` (pages, layouts, components)',
  'check:types:ts': '`tsc` over `src/`, `tests/`, `bench/`, `scripts/`',
  'check:types:sw': '`tsc` of the service worker (`src/sw/`)',
  'check:lint': 'ESLint: the layer rules of docs/architecture.md §1',
  'check:locales': 'locale key parity: a missing, unused or mistranslated-variable key, or a text left in English',
  'check:deps':
    'dependency-cruiser on src/server (.dependency-cruiser.cjs): domain folders only through their index.ts, the folder table of docs/architecture.md §7, platform/ below the domains, no run-time import cycle',
  'check:dead': 'knip: an export nothing imports, a file nothing reaches or a package nothing uses',
  'check:docs':
    'the generated inventories of the docs match the code ([docs/README.md](README.md#generated-inventories)); `npm run docs:generate` rewrites them',
  'docs:generate':
    'rewrites the generated inventories of the docs (operations, jobs, variables, scripts, server folders, stores) from the code',
  test: '`check` + `test:unit` + `test:e2e`',
  'test:unit': 'unit tests beside the code and integration tests through the real API handlers on in-memory PGlite',
  'test:coverage':
    '`test:unit` with line coverage of `src/server` and `src/stores`, failing below the floor in vitest.config.ts (`.ci/run` runs it instead of `test:unit`)',
  'test:audit':
    'builds if needed, then the layout and Content-Security-Policy audits of every route on the three sites (`tests/audit/`); not part of `npm test`, `.ci/run` runs it',
  'test:pg': 'the integration suite and the multi-process journeys on PostgreSQL ([test:pg](#testpg))',
  'test:e2e': 'builds if needed and drives Chromium through the journeys of `tests/e2e/` ([test:e2e](#teste2e))',
  'bench:search':
    'the members search over 1,000,000 demo members on PGlite and PostgreSQL ([bench:search](#benchsearch))',
  'bench:chat': 'chat delivery on PostgreSQL with 2,000 open event streams ([bench:chat](#benchchat))',
  'bench:landers': "the landers' build time, byte budgets and Lighthouse scores ([bench:landers](#benchlanders))",
  'bench:decode-bombs': 'photo decoding under attack ([bench:decode-bombs](#benchdecode-bombs))',
  'bench:pages': "the app pages' performance budgets with Lighthouse ([bench:pages](#benchpages))",
  'bench:screening': "the automated photo screening's speed and accuracy ([bench:screening](#benchscreening))",
};
