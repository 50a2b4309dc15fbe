/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('./server/sites/site-config').SiteConfig;
    locale: import('./shared/locales').Locale;
    user: import('./shared/contracts/profile').User | null;
  }
}
