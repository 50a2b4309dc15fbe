/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('./server/platform/sites/site-config').SiteConfig;
    locale: import('~/shared/locales').Locale;
    user: import('~/shared/contracts/profile').User | null;
    /** May this visitor sign up / search (site rule with the request's traffic source). */
    access: import('./server/platform/sites/visitor-access').VisitorAccess;
    /** The member's address waits for confirmation (the activate-reminder; server/http/page-context.ts). */
    awaitingConfirmation: boolean;
    /** The VAPID public key for the boot data (server/http/page-context.ts). */
    pushPublicKey: string;
    /** The route's name for the request series (docs/architecture.md §5 Metrics; scripts/metrics-http.mjs reads it). */
    metricsRoute?: string;
    /** Whether cookies set on this answer carry `Secure` (server/http/cookies.ts secureCookies()). */
    secureCookies: boolean;
  }
}

/** Id of the running build (astro.config.mjs), compared with /build-id.json to detect deployments. */
declare const __AMORA_BUILD_ID__: string;
