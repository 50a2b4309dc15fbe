// The app's own client directive (src/client/paint-directive.ts, added in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate right after the page's first paint. */
    'client:paint'?: boolean;
  }
}

export {};
