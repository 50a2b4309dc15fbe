// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import AstroPWA from '@vite-pwa/astro';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientCodeSplitting } from './scripts/client-chunks.mjs';
import { lifecycleEntry } from './scripts/lifecycle-entry.mjs';
import { siteHosts } from './scripts/site-hosts.mjs';
import { zodInBrowser } from './scripts/zod-in-browser.mjs';

/** A new id per build (or AMORA_BUILD_ID): pages poll it to notice a new deployment. */
const BUILD_ID = process.env.AMORA_BUILD_ID ?? Date.now().toString(36);
/** AMORA_OUT_DIR builds elsewhere (the PWA update test serves two builds). */
const OUT_DIR = process.env.AMORA_OUT_DIR ?? './dist';

/**
 * Content-Security-Policy (docs/architecture.md §3): Astro hashes every script and style element
 * it emits and writes `script-src`/`style-src` into the header of a page rendered on request or a
 * `<meta>` of a pre-rendered one; src/middleware.ts adds the other directives. Style attributes
 * stay allowed (`style-src-attr`): landers and islands position things with them, and an
 * attribute can neither run script nor select other elements.
 */
const CSP = {
  algorithm: /** @type {const} */ ('SHA-256'),
  styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: /** @type {const} */ ('attribute') }] },
};

/**
 * Amora: on-demand rendering by default (member area, API); landers and
 * /pages/* opt into pre-rendering with `export const prerender = true`.
 */
export default defineConfig({
  output: 'server',
  outDir: OUT_DIR,
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    {
      // `client:paint`: hydrate once the server-rendered page is painted (src/client/paint-directive.ts).
      name: 'amora-client-paint',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({
            name: 'paint',
            entrypoint: fileURLToPath(new URL('./src/client/paint-directive.ts', import.meta.url)),
          }),
      },
    },
    AstroPWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      outDir: fileURLToPath(new URL(`${OUT_DIR}/client`, import.meta.url)),
      injectRegister: false,
      // The manifest is per site (name, colours): served by src/pages/manifest.webmanifest.ts.
      manifest: false,
      injectManifest: {
        // Fonts stay out: each template uses its own few files (the browser caches those it loads);
        // precaching every template's fonts would make each visitor download all of them.
        globPatterns: ['_astro/**/*.{js,css}', 'icons/*.png', 'favicon.svg', 'sw-push.js'],
        // The offline page's revision is the build id, so every build ships a changed /sw.js.
        additionalManifestEntries: [{ url: '/offline.html', revision: BUILD_ID }],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
    // The development server answers every configured site's host (docs/architecture.md §5).
    allowedHosts: siteHosts(path.resolve(process.env.SITES_DIR ?? './config/sites')),
  },
  security: {
    checkOrigin: false,
    csp: CSP,
    // Empty on purpose (docs/architecture.md §5 Public origin): no X-Forwarded-Host/-Proto is ever
    // applied to Astro.url. A non-empty list would apply them from any client and make Astro take
    // X-Forwarded-For's first entry as the client address, undoing TRUST_PROXY. No absolute URL is
    // built from the request: links come from the site's configured origin (siteOrigin()).
    allowedDomains: [],
  },
  vite: {
    define: { __AMORA_BUILD_ID__: JSON.stringify(BUILD_ID) },
    plugins: [zodInBrowser(), lifecycleEntry()],
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg'] },
    environments: {
      client: {
        build: {
          sourcemap: !!process.env.AMORA_SOURCEMAP,
          rolldownOptions: { output: { codeSplitting: clientCodeSplitting } },
        },
      },
    },
  },
});
