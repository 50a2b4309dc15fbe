// @ts-check
/**
 * Folder dependencies of src/server (docs/architecture.md §7 "Folder dependencies"), checked by
 * `npm run check:deps` (dependency-cruiser). TABLE lists, for each domain folder, the other domain
 * folders it may import, always through their entry point (index.ts). Every folder may import the
 * base: platform/, db/ (not db/seed/), log/, storage/, i18n/, static/, config.ts and the AppContext
 * type of context.ts. The composition folders (http/, pages/, lifecycle/, db/seed/, backup/, app.ts,
 * context.ts and the *-cli.ts entry scripts) may import every domain's entry point; nothing below
 * them imports them. The table must stay acyclic (checked when this file loads).
 */
const TABLE = {
  account: ['outbox', 'payments'],
  affiliates: [],
  auth: ['outbox'],
  blocks: [],
  chat: ['blocks', 'credits', 'members', 'outbox'],
  credits: [],
  geo: [],
  gifs: [],
  landers: ['geo'],
  likes: ['blocks', 'members', 'outbox'],
  media: [],
  members: ['blocks', 'geo', 'media'],
  metrics: [],
  moderation: ['media', 'outbox'],
  operators: ['auth', 'payments'],
  outbox: ['push', 'realtime'],
  payments: ['affiliates', 'outbox'],
  profiles: ['blocks', 'likes', 'members'],
  push: [],
  realtime: [],
  signup: ['affiliates', 'credits', 'outbox'],
  sites: ['geo'],
  xcams: [],
};
const BASE = ['platform', 'db', 'log', 'storage', 'i18n', 'static'];
const COMPOSITION = ['http', 'pages', 'lifecycle', 'backup'];
const DOMAINS = Object.keys(TABLE);

// The table is a DAG: a cycle in it would be a cycle of folders.
(function assertAcyclic() {
  const state = new Map();
  const visit = (/** @type {string} */ d, /** @type {string[]} */ trail) => {
    if (state.get(d) === 'done') return;
    if (state.get(d) === 'open') throw new Error(`folder table cycle: ${[...trail, d].join(' -> ')}`);
    state.set(d, 'open');
    for (const next of TABLE[/** @type {keyof TABLE} */ (d)] ?? []) visit(next, [...trail, d]);
    state.set(d, 'done');
  };
  for (const d of DOMAINS) visit(d, []);
})();

const alt = (/** @type {string[]} */ names) => `(${names.join('|')})`;
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...DOMAINS.map((domain) => {
      const allowed = TABLE[/** @type {keyof TABLE} */ (domain)];
      const forbidden = DOMAINS.filter((d) => d !== domain && !allowed.includes(d));
      return {
        name: `folder-table-${domain}`,
        comment: `src/server/${domain}/ may import only ${allowed.join(', ') || 'no other domain'} (docs/architecture.md §7).`,
        severity: 'error',
        from: { path: `^src/server/${domain}/`, pathNot: `${TESTS}|-cli\\.ts$` },
        to: { path: `^src/server/${alt([...forbidden, ...COMPOSITION])}/|^src/server/db/seed/|^src/server/app\\.ts$` },
      };
    }),
    {
      name: 'domain-entry-point',
      comment:
        'Another folder imports a domain through its index.ts, never a file inside it (docs/architecture.md §7).',
      severity: 'error',
      from: { path: '^src/server/([^/]+)/', pathNot: TESTS },
      to: { path: `^src/server/${alt(DOMAINS)}/(?!index\\.ts$)`, pathNot: '^src/server/$1/' },
    },
    {
      name: 'domain-entry-point-root',
      comment: 'app.ts, context.ts and config.ts import a domain through its index.ts (docs/architecture.md §7).',
      severity: 'error',
      from: { path: '^src/server/[^/]+\\.ts$', pathNot: TESTS },
      to: { path: `^src/server/${alt(DOMAINS)}/(?!index\\.ts$)` },
    },
    {
      name: 'base-below-domains',
      comment:
        'platform/, db/, log/, storage/, i18n/ and static/ import no domain or composition folder (docs/architecture.md §7).',
      severity: 'error',
      from: { path: `^src/server/${alt(BASE)}/`, pathNot: `${TESTS}|^src/server/db/seed/` },
      to: { path: `^src/server/${alt([...DOMAINS, ...COMPOSITION])}/|^src/server/db/seed/|^src/server/app\\.ts$` },
    },
    {
      name: 'no-circular-runtime',
      comment: 'No import cycle between modules of src/server at run time (type-only imports are erased).',
      severity: 'error',
      from: { path: '^src/server/', pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: TESTS },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
