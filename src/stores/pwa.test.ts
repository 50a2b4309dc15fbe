import { describe, expect, it } from 'vitest';
import { shouldAnnounceOfflineReady } from './pwa';

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
