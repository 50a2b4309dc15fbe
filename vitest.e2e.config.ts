import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: one built server (tests/e2e/global-setup.ts), Debian Chromium via playwright-core. */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One file at a time: the run is CPU-bound on two cores, so two at once gained 6 % and failed
    // files on timeouts (docs/architecture.md § Tests).
    fileParallelism: false,
    allowOnly: false,
    // A cold server on a busy CI machine can take more than the default 1 s to answer a first search.
    expect: { poll: { timeout: 5_000 } },
  },
});
