// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';

/**
 * Amora: on-demand rendering by default (member area, API); landers and
 * /pages/* opt into pre-rendering with `export const prerender = true`.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: false },
  vite: {
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg'] },
  },
});
