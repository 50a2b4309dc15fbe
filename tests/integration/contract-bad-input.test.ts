import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import type { Operation } from '../../src/server/http/api';
import { adminOperations } from '../../src/server/http/admin/all-operations';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/shared/contracts/admin/roles';
import * as routes from '../../src/shared/contracts/routes';
import { inputVariants, withValue, type InputField } from '../corpus/contract-inputs';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { loggedInMember } from '../helpers/session';

/**
 * docs/product.md §5 Generic, §13: every operation of both APIs answers ids past 2³¹ − 1,
 * NUL bytes and lone surrogates with a 4xx, never a 500. The operations are read from the
 * registered endpoint modules and the console's operation list, and their fields from their
 * contracts, so a new operation or field is covered without listing it here.
 */

const { ctx } = useTestContext();

/** The first id past PostgreSQL's `integer`, and one past every 64-bit integer. */
const BAD_IDS = ['2147483648', '9999999999999999999'];
const NUL_TEXT = 'ab\u0000c';
const LONE_SURROGATE = 'ab\ud800c';

/** Every member API operation, from the endpoint modules `src/pages/api/*.php.ts` serve. */
const endpointModules = import.meta.glob<Record<string, unknown>>('../../src/server/http/endpoints/*.ts', {
  eager: true,
});
const memberEndpoints: Operation[][] = Object.values(endpointModules).flatMap((exports) =>
  Object.values(exports).filter(
    (value): value is Operation[] =>
      Array.isArray(value) && value.length > 0 && value.every((op) => typeof op === 'object' && 'contract' in op),
  ),
);

const pathOf = (field: InputField) => field.path.join('.');

/** Number fields that are no row id and rightly take numbers past 2³¹ (each with why). */
const LARGE_NUMBER_FIELDS: Record<string, string> = {
  'subscription.expirationTime': "a push subscription's expiry (milliseconds since 1970), never stored",
};

/** Every message key of en.json (each is in all seven locales: npm run check:locales). */
const EN_KEYS = new Set<string>();
(function collect(tree: object, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') EN_KEYS.add(`${prefix}${key}`.replace(/_(one|other)$/, ''));
    else collect(value as object, `${prefix}${key}.`);
  }
})(en, '');
/** A message islands can translate; the console's own `admin.*` keys are English only (docs/product.md §13). */
const isKey = (message: string) => EN_KEYS.has(message) || /^admin\.[a-z_]+$/.test(message);

interface Answer {
  status: number;
  json: { error?: { code: string; issues?: { path: string; message: string }[] } } | null;
}

/**
 * A refusal: 4xx; with `field` the issues name it (or the whole body, for a union none of whose
 * shapes fits), and every issue message is an i18n key (docs/architecture.md §6 convention 4).
 */
function expectRefused(answer: Answer, label: string, field?: string) {
  expect.soft(answer.status, `${label}: ${JSON.stringify(answer.json)}`).toBeGreaterThanOrEqual(400);
  expect.soft(answer.status, `${label}: ${JSON.stringify(answer.json)}`).toBeLessThan(500);
  const issues = answer.json?.error?.issues ?? [];
  for (const issue of issues) expect.soft(isKey(issue.message), `${label}: issue ${JSON.stringify(issue)}`).toBe(true);
  if (field === undefined) return;
  const named = issues.some((issue) => issue.path === field || issue.path.startsWith(`${field}.`) || issue.path === '');
  expect.soft(named, `${label}: an issue names ${field}: ${JSON.stringify(answer.json)}`).toBe(true);
}

/** Each query filter and body field of a contract with each bad value, and what the answer must be. */
function* badInputs(contract: {
  method: string;
  query: Parameters<typeof inputVariants>[0];
  body: Parameters<typeof inputVariants>[0];
  selector?: Record<string, string>;
}) {
  const selector = contract.selector ?? {};
  for (const variant of inputVariants(contract.query)) {
    for (const field of variant.fields) {
      const key = pathOf(field);
      if (key in selector) continue;
      const query = (value: string) => ({ ...selector, [key]: value });
      // NUL reaches the server as it is; a lone surrogate cannot be sent in a URL (it is encoded as U+FFFD).
      yield { what: `query ${key} NUL`, query: query(NUL_TEXT), field: key, refused: true };
      yield { what: `query ${key} lone surrogate`, query: query(LONE_SURROGATE), refused: false };
      for (const id of BAD_IDS) {
        // An id-sized number is ordinary text in a free-text filter (a name search may find nothing).
        const refused = field.kind !== 'string';
        yield { what: `query ${key}=${id}`, query: query(id), field: refused ? key : undefined, refused };
      }
    }
  }
  if (contract.method === 'GET') return;
  for (const variant of inputVariants(contract.body)) {
    for (const field of variant.fields) {
      const key = pathOf(field);
      for (const value of [...BAD_IDS.map(Number), NUL_TEXT, LONE_SURROGATE]) {
        const body = withValue(variant.fixed, field.path, value);
        const refused = typeof value === 'string' || !(key in LARGE_NUMBER_FIELDS);
        yield { what: `body ${JSON.stringify(body)}`, query: selector, body, field: key, refused };
      }
    }
  }
}

describe('bad ids and unstorable text in every operation of both APIs (docs/product.md §5 Generic)', () => {
  it('finds the operations of both APIs', () => {
    const reached = new Set(
      memberEndpoints
        .flat()
        .map((op) => `${op.contract.method} ${op.contract.path} ${JSON.stringify(op.contract.selector ?? {})}`),
    );
    for (const route of Object.values(routes).filter((value) => typeof value === 'object' && 'path' in value)) {
      const selector = 'selector' in route ? route.selector : undefined;
      expect(reached, route.name).toContain(`${route.method} ${route.path} ${JSON.stringify(selector ?? {})}`);
    }
    expect(adminOperations.length).toBeGreaterThan(30);
  });

  it('member API: every query filter and body field answers 4xx, never 500', async () => {
    const member = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    let calls = 0;
    for (const operations of memberEndpoints) {
      for (const { contract, available } of operations) {
        // An operation this server does not offer (e.g. the development tools) answers 404 to anything.
        if (available && !available(ctx())) continue;
        for (const input of badInputs(contract)) {
          const label = `${contract.method} ${contract.path} ${input.what}`;
          const answer = await callApi(ctx(), operations, contract.path, {
            method: contract.method,
            query: input.query,
            body: input.body,
            cookie: contract.auth === 'member' ? member.cookie : undefined,
          });
          calls += 1;
          if (input.refused) expectRefused(answer, label, input.field);
          else expect.soft(answer.status, `${label}: ${JSON.stringify(answer.json)}`).toBeLessThan(500);
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
  });

  it('operator API: every id in the path, query filter and body field answers 4xx, never 500, for a session of a role that may call it', async () => {
    const cookies = {} as Record<OperatorRole, string>;
    for (const role of OPERATOR_ROLES) cookies[role] = (await loggedInOperator(ctx(), role)).cookie;
    let calls = 0;
    for (const { contract } of adminOperations) {
      const cookie = contract.roles === 'anyone' ? undefined : cookies[contract.roles[0]!];
      const params = contract.path.match(/:\w+/g) ?? [];
      const call = (path: string, input: { query?: Record<string, string>; body?: unknown }) => {
        calls += 1;
        return callAdmin(ctx(), path, {
          method: contract.method,
          cookie,
          query: input.query,
          body: input.body ?? (contract.method === 'GET' ? undefined : {}),
        });
      };
      for (const param of params) {
        for (const id of [...BAD_IDS, '0']) {
          const path = contract.path.replace(/:\w+/g, (name) => (name === param ? id : '1'));
          const answer = await call(path, {});
          expect.soft(answer.status, `${contract.method} ${path}: ${JSON.stringify(answer.json)}`).toBe(404);
          expect.soft(answer.json?.error?.code, `${contract.method} ${path}`).toBe('not_found');
        }
      }
      const path = contract.path.replace(/:\w+/g, '1');
      for (const input of badInputs(contract)) {
        const label = `${contract.method} ${path} ${input.what}`;
        const answer = await call(path, input);
        if (input.refused) expectRefused(answer, label, input.field);
        else expect.soft(answer.status, `${label}: ${JSON.stringify(answer.json)}`).toBeLessThan(500);
      }
    }
    expect(calls).toBeGreaterThan(150);
  });

  it('operator API: a photo queue cursor past the database types answers 422', async () => {
    const { cookie } = await loggedInOperator(ctx(), 'moderator');
    for (const after of ['0.1700000000000000.2147483648', '0.99999999999999999999.1', '40000.1700000000000000.1']) {
      const answer = await callAdmin(ctx(), '/admin/api/photos', { cookie, query: { after } });
      expect(answer.status, after).toBe(422);
      expect(answer.json.error.issues, after).toEqual([{ path: 'after', message: 'validation.format' }]);
    }
  });
});
