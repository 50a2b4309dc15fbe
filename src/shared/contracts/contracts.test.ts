import { describe, expect, it } from 'vitest';
import type { Contract } from './define';
import * as routes from './routes';

/** Every contract module of the API (one file per area). */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./define.ts'], { eager: true });

function allContracts(): [string, Contract][] {
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(
        ([name, value]) => name.endsWith('Contract') && typeof value === 'object' && value !== null && 'path' in value,
      )
      .map(([name, value]) => [`${file} ${name}`, value as Contract] as [string, Contract]),
  );
}

describe('contracts (docs/architecture.md, Operations)', () => {
  it('finds the contracts', () => {
    expect(allContracts().length).toBeGreaterThan(25);
  });

  it('declares who may call each operation, and member operations declare not_logged_in', () => {
    for (const [name, contract] of allContracts()) {
      expect(['visitor', 'member'], name).toContain(contract.auth);
      if (contract.auth === 'member') expect(contract.errors, name).toContain('not_logged_in');
    }
  });

  it('names each contract after its route: `callApi(routes.x)` reaches the contract `xContract`', () => {
    const byName = new Map(allContracts().map(([label, contract]) => [label.split(' ')[1]!, contract]));
    expect([...byName.keys()].sort()).toEqual(
      Object.keys(routes)
        .map((name) => `${name}Contract`)
        .sort(),
    );
    for (const [name, route] of Object.entries(routes)) {
      const contract = byName.get(`${name}Contract`)!;
      expect(route.name, name).toBe(name);
      expect({ method: contract.method, path: contract.path, selector: contract.selector }, name).toEqual({
        method: route.method,
        path: route.path,
        selector: 'selector' in route ? route.selector : undefined,
      });
    }
  });

  it('gives each method + path + selector to exactly one contract', () => {
    const keys = allContracts().map(([, c]) => `${c.method} ${c.path} ${JSON.stringify(c.selector ?? {})}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
