import { describe, expect, it } from 'vitest';
import { OPEN_REDIRECTS, printable, SAME_SITE_PATHS } from '../../../tests/corpus/open-redirects';
import { safeNextPath } from './safe-next';

describe('safeNextPath (docs/product.md §5 Redirect targets)', () => {
  it('keeps paths of this site, normalised as a browser resolves them', () => {
    for (const [next, expected] of SAME_SITE_PATHS) expect(safeNextPath(next, '/x'), next).toBe(expected);
  });

  it.each(OPEN_REDIRECTS.map((next) => [printable(next), next]))('falls back for %s', (_, next) => {
    expect(safeNextPath(next, '/x')).toBe('/x');
  });

  it('falls back when there is no next', () => {
    expect(safeNextPath(null, '/x')).toBe('/x');
    expect(safeNextPath('', '/x')).toBe('/x');
  });

  it('has a corpus of at least 30 known bypasses', () => {
    expect(OPEN_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  });
});
