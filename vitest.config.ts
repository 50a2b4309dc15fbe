import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit tests beside the code + integration tests through the real handlers. */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest keeps one core free by default; on a 2-core machine that halves the speed for nothing
    // (the files wait on PGlite and image work, not on each other).
    maxWorkers: '100%',
    // Migrates one PGlite per run; test files open their database from it (tests/helpers/context.ts).
    globalSetup: ['tests/helpers/pglite-template.ts'],
    allowOnly: false,
  },
});
