import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths and refuses the rest', () => {
    expect(safeNextPath('/members?page=2', '/x')).toBe('/members?page=2');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'members']) {
      expect(safeNextPath(bad, '/x')).toBe('/x');
    }
  });
});
