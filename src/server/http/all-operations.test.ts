import { describe, expect, it } from 'vitest';
import { allContracts, memberContracts, operatorContracts } from '~/shared/contracts/all';
import type { Contract } from '~/shared/contracts/define';
import { allOperations, memberOperations, operatorOperations } from './all-operations';
import { matchPath, STEPS } from './pipeline';

const key = (c: Contract) => `${c.method} ${c.path} ${JSON.stringify(c.selector ?? {})}`;

/** docs/architecture.md "Operations": one declaration per operation, found from the contracts. */
describe('the operations of both APIs', () => {
  it('has exactly one handler for every contract, and no handler without a contract', () => {
    expect(allContracts.length).toBeGreaterThan(100);
    const handled = new Map<Contract, number>();
    for (const op of allOperations) handled.set(op.contract, (handled.get(op.contract) ?? 0) + 1);
    for (const contract of allContracts) expect(handled.get(contract), key(contract)).toBe(1);
    expect(allOperations.length).toBe(allContracts.length);
  });

  it('serves member contracts under /api/ and operator contracts under /admin/api/ with their roles', () => {
    for (const op of memberOperations) {
      expect(op.contract.path, key(op.contract)).toMatch(/^\/api\//);
      expect(['visitor', 'member'], key(op.contract)).toContain(op.contract.auth);
    }
    for (const op of operatorOperations) {
      expect(op.contract.path, key(op.contract)).toMatch(/^\/admin\/api\//);
      expect(op.contract.auth, key(op.contract)).toBe('operator');
      expect(op.contract.roles, key(op.contract)).toBeDefined();
    }
    expect(memberOperations.length).toBe(Object.keys(memberContracts).length);
    expect(operatorOperations.length).toBe(Object.keys(operatorContracts).length);
  });

  it('gives each method + path + selector to exactly one contract of both APIs', () => {
    const keys = allContracts.map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists rate_limited in every contract that declares a rate limit', () => {
    const limited = allContracts.filter((c) => c.rateLimit);
    expect(limited.length).toBeGreaterThan(3);
    for (const contract of limited) expect(contract.errors, key(contract)).toContain('rate_limited');
  });

  it('runs the steps in the documented order', () => {
    expect(STEPS.map((step) => step.name)).toEqual([
      'gate',
      'path',
      'site',
      'csrf',
      'route',
      'auth',
      'parse',
      'rateLimit',
      'handle',
    ]);
  });

  it('matches `:id` path parameters only to row ids', () => {
    expect(matchPath('/admin/api/members/:id', '/admin/api/members/12/')).toEqual({ id: '12' });
    expect(matchPath('/admin/api/members/:id', '/admin/api/members/0')).toBeNull();
    expect(matchPath('/admin/api/members/:id', '/admin/api/members/2147483648')).toBeNull();
    expect(matchPath('/api/block.php', '/api/block.php')).toEqual({});
  });
});
