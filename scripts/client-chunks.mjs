// How the browser's JavaScript is split into files (docs/architecture.md §3, the first visit's
// JavaScript). Left alone, the bundler makes one file per set of islands sharing a module: every
// page then fetched 20-30 small files, each with its own request and headers and each compressed
// on its own. The code every page runs (React, i18next, nanostores, the app shell's islands and
// the stores they use) goes into one `shell` file instead; an island's own code stays in its
// island's files, and code loaded by import() stays in its own file. The search page's islands
// and the member cards' buttons and stores go into one `members` file: /members is the page most
// visitors arrive on, and it otherwise loaded 7 more small files.

/** Packages every page's shell runs. */
const SHELL_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'i18next',
  'react-i18next',
  'nanostores',
  '@nanostores/react',
  '@astrojs/react',
];
/**
 * The shell's own modules (their imports come along); the AppShell and TopNav islands import them.
 * What they load by import() (the push offer, the install offer, the modal, the service worker's
 * code, the likes and chats stores and the event stream) is left out, and so is the social
 * polling: only the members' navigation runs it (a visitor's navigation is plain HTML), so it
 * stays in the TopNav island's file.
 */
const SHELL_SOURCES = [
  'islands/shell/(LoadingBar|Toaster|use-t|icons|use-hydrated-store)',
  'stores/(badges|loading-bar|modal|page|push-prompt|pwa|session|toasts)',
];
/**
 * The search page's modules and the member cards' (their imports come along unless in the shell);
 * the similar results are loaded by import() when first shown. (Its entry file
 * then only re-exports from this one; with the island's code in the entry instead, the two files
 * came out 0.5 KB larger compressed.)
 */
const MEMBERS_SOURCES = [
  'islands/search/(ProfileCard|ResultsGrid|ScrollMore|SearchFilters|SearchPage|use-media-query|use-search-state)',
  'islands/members/(LikeButton|MessageButton|signup-prompt|presence-label)',
  'islands/shell/SelectField',
  'stores/(search|settings|webcams)',
  'shared/(search-url|rules/member-rules|contracts/values)',
];

const separator = String.raw`[\\/]`;
const packages = SHELL_PACKAGES.map((name) => name.replace('/', separator)).join('|');
const sources = (list) => new RegExp(`${separator}src${separator}(${list.join('|')})\\.tsx?$`);
const SHELL = [new RegExp(`node_modules${separator}(${packages})${separator}`), sources(SHELL_SOURCES)];
const MEMBERS = [sources(MEMBERS_SOURCES)];
const matches = (patterns) => (id) => patterns.some((pattern) => pattern.test(id.split('?')[0]));

/**
 * Vite's preload helper, which every import() calls, goes into the shell as well: it would
 * otherwise be a file of its own, one more request on every page with islands, which all load the
 * shell. A page without islands loads neither: the language switcher's script, its only script,
 * imports nothing shared (src/client/language-choice.ts). (Rolldown's own module runtime, CommonJS
 * interop for React, never reaches these tests: it stays a small file of its own.)
 */
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper/;

/** Rolldown's `output.codeSplitting` for the client build (astro.config.mjs); the shell wins a shared module. */
export const clientCodeSplitting = {
  groups: [
    { name: 'shell', test: (id) => PRELOAD_HELPER.test(id) || matches(SHELL)(id), priority: 2 },
    { name: 'members', test: matches(MEMBERS), priority: 1 },
  ],
};
