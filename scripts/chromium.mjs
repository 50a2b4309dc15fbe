/**
 * The browser every test, benchmark and screenshot script drives: Debian's Chromium
 * (`CHROMIUM_PATH` overrides it) and the flags it needs in this closed network, where no
 * update, sync or QUIC traffic may leave the machine (docs/architecture.md §5).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags without `--headless` (Playwright adds its own; chrome-launcher callers add `--headless=new`). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
