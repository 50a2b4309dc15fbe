import { describe, expect, it } from 'vitest';
import { isInstallOfferDue, isServiceWorkerDue, shouldAnnounceOfflineReady } from './pwa';

describe('the "ready to work offline" toast', () => {
  it('stays silent in a browser tab, so a first visit is never greeted with it', () => {
    expect(shouldAnnounceOfflineReady({ offlineReady: true, isStandalone: false })).toBe(false);
  });

  it('tells the member of the installed app (standalone) that it now opens offline', () => {
    expect(shouldAnnounceOfflineReady({ offlineReady: true, isStandalone: true })).toBe(true);
  });

  it('says nothing before the service worker finished installing', () => {
    expect(shouldAnnounceOfflineReady({ offlineReady: false, isStandalone: true })).toBe(false);
    expect(shouldAnnounceOfflineReady({ offlineReady: false, isStandalone: false })).toBe(false);
  });
});

describe('the install offer', () => {
  const offered = { isStandalone: false, canInstall: true, showIosGuide: false };

  it('waits for a sign of interest in this session, so a first visit never sees it', () => {
    expect(isInstallOfferDue(offered, false)).toBe(false);
    expect(isInstallOfferDue(offered, true)).toBe(true);
  });

  it('shows the iOS guide on the same terms', () => {
    const ios = { isStandalone: false, canInstall: false, showIosGuide: true };
    expect(isInstallOfferDue(ios, false)).toBe(false);
    expect(isInstallOfferDue(ios, true)).toBe(true);
  });

  it('never shows in the installed app or where the browser offers no installation', () => {
    expect(isInstallOfferDue({ ...offered, isStandalone: true }, true)).toBe(false);
    expect(isInstallOfferDue({ isStandalone: false, canInstall: false, showIosGuide: false }, true)).toBe(false);
  });
});

describe('when a page registers the service worker', () => {
  const visitor = { isLoggedIn: false, seenBefore: false, controlled: false };

  it("leaves it out of a visitor's first page, whose visit may end there", () => {
    expect(isServiceWorkerDue(visitor)).toBe(false);
  });

  it("registers it from a visitor's second page on, on members' pages, and where a worker already controls the page", () => {
    expect(isServiceWorkerDue({ ...visitor, seenBefore: true })).toBe(true);
    expect(isServiceWorkerDue({ ...visitor, isLoggedIn: true })).toBe(true);
    expect(isServiceWorkerDue({ ...visitor, controlled: true })).toBe(true);
  });
});
