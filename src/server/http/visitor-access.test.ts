import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSites } from '../platform/sites/load-sites';
import { requestAccess, requestTrafficSource } from './visitor-access';

// lovelane: signups and logged-out search only with a traffic source.
const lovelane = loadSites(path.resolve(import.meta.dirname, '../../../config/sites')).byPackageName.get('lovelane')!;
const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });
const tracking = (record: object) => `amora_tracking=${encodeURIComponent(JSON.stringify(record))}`;

describe('visitor access of a request (one rule for pages and API)', () => {
  it('reads the traffic source from the URL first, then the tracking cookie', () => {
    expect(requestTrafficSource(request('http://x/members?trafficsource=a', tracking({ network: 'b' })))).toBe('a');
    expect(requestTrafficSource(request('http://x/members?network=n'))).toBe('n');
    expect(requestTrafficSource(request('http://x/members', tracking({ network: 'b', sub1: 's' })))).toBe('b');
    expect(requestTrafficSource(request('http://x/members', tracking({ sub1: 's' })))).toBeNull();
    expect(requestTrafficSource(request('http://x/members', 'amora_tracking=oops'))).toBeNull();
  });

  it('opens signups and search on a traffic-source site only with a source', () => {
    expect(requestAccess(lovelane, request('http://x/'), false)).toEqual({ canSignUp: false, canSearch: false });
    expect(requestAccess(lovelane, request('http://x/', tracking({ network: 'b' })), false)).toEqual({
      canSignUp: true,
      canSearch: true,
    });
    expect(requestAccess(lovelane, request('http://x/?trafficsource=b'), false)).toEqual({
      canSignUp: true,
      canSearch: true,
    });
  });
});
