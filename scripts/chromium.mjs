/**
 * The browser every test, benchmark and screenshot script drives: Debian's Chromium
 * (`CHROMIUM_PATH` overrides it) and the flags it needs in this closed network, where no
 * update, sync or QUIC traffic may leave the machine (docs/architecture.md §5).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The lighter browser most browser tests drive: Debian's `chromium-headless-shell`, the same
 * Chromium build without the full browser around it (what Playwright itself runs headless by
 * default); `CHROMIUM_HEADLESS_SHELL_PATH` overrides it. It needs about 40 % of the full
 * browser's CPU time for the same pages, the largest part of a browser test run on two cores
 * (docs/architecture.md § Tests). It answers `Notification.permission` with "denied", so journeys
 * of the push offers, and the audits that see every page as a first-time visitor, use CHROMIUM_PATH.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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
