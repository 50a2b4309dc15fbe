import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The chat journey with its two members on two server processes sharing PostgreSQL, the lander signup journey read back from PostgreSQL, the complete-signup reminder, a crash between a payment and its grant, and WEB_CONCURRENCY processes sharing a port, a rolling restart of them under load (`npm run test:pg`). */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'tests/e2e/chat.e2e.ts',
      'tests/e2e/landers.e2e-pg.ts',
      'tests/e2e/complete-signup.e2e-pg.ts',
      'tests/e2e/payments-crash.e2e-pg.ts',
      'tests/e2e/web-concurrency.e2e-pg.ts',
      'tests/e2e/rolling-restart.e2e-pg.ts',
      'tests/e2e/postbacks.e2e-pg.ts',
      'tests/e2e/metrics-cluster.e2e-pg.ts',
    ],
    globalSetup: ['tests/e2e/global-setup-pg.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    allowOnly: false,
    expect: { poll: { timeout: 5_000 } },
  },
});
