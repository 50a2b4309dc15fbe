import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: generates forward-only SQL migrations from the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
