import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The layout and Content-Security-Policy audits (`npm run test:audit`, docs/architecture.md §
 * Tests): every route of the three demo sites and the console in Chromium, against the same one
 * built server as the browser journeys (tests/e2e/global-setup.ts). Not part of `npm test`;
 * `.ci/run` runs it.
 */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/audit/**/*.audit.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    allowOnly: false,
    expect: { poll: { timeout: 5_000 } },
  },
});
