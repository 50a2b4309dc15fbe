import { describe, expect, it } from 'vitest';
import { adminOperations } from '../../src/server/http/admin/all-operations';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/shared/contracts/admin/roles';
import { useTestContext } from '../helpers/context';
import { callAdmin, loggedInOperator } from '../helpers/operators';

const { ctx } = useTestContext();

/**
 * The operation's path with every `:param` set to an id nothing has: the test asks only whether a
 * role is refused, and an action on a real row (resetting operator 1's access, say) would end the
 * sessions the later calls use.
 */
const concrete = (path: string) => path.replace(/:\w+/g, '999999');

const ALL: OperatorRole[] = ['moderator', 'support', 'finance', 'admin'];
/** docs/product.md §13 Roles as a table: path, method (`*` any), the roles allowed; the first match applies. */
const EXPECTED: [RegExp, string, OperatorRole[]][] = [
  [/^\/admin\/api\/(reports|photos)(\/|$)/, '*', ['moderator', 'admin']],
  [/^\/admin\/api\/members\/:id\/(suspend|ban|unban|warn|clear-about|photos)(\/|$)/, '*', ['moderator', 'admin']],
  [/^\/admin\/api\/members\/:id\/(credits|premium|activation-mail|password-reset)$/, '*', ['support', 'admin']],
  [/^\/admin\/api\/members\/:id$/, 'DELETE', ['admin']],
  [/^\/admin\/api\/members(\/:id)?$/, 'GET', ['moderator', 'support', 'admin']],
  [/^\/admin\/api\/(payments|affiliates)\//, '*', ['finance', 'admin']],
  [/^\/admin\/api\/(audit|operators)(\/|$)/, '*', ['admin']],
  [/^\/admin\/api\/(dashboard|me)$/, 'GET', ALL],
];

describe('every operator operation × every role (docs/product.md §13 Roles)', () => {
  it('gives each operation the roles of the documented table', () => {
    for (const { contract } of adminOperations.filter((op) => op.contract.roles !== 'anyone')) {
      const rule = EXPECTED.find(
        ([path, method]) => path.test(contract.path) && (method === '*' || method === contract.method),
      );
      expect(rule, `${contract.method} ${contract.path} is in the table`).toBeDefined();
      expect([...(contract.roles as OperatorRole[])].sort(), `${contract.method} ${contract.path}`).toEqual(
        [...rule![2]].sort(),
      );
    }
  });

  it('answers 403 forbidden to exactly the roles an operation does not list, before reading its input', async () => {
    const cookies = {} as Record<OperatorRole, string>;
    for (const role of OPERATOR_ROLES) cookies[role] = (await loggedInOperator(ctx(), role)).cookie;
    const guarded = adminOperations.filter((op) => op.contract.roles !== 'anyone');
    expect(guarded.length).toBeGreaterThan(3);
    for (const { contract } of guarded) {
      const roles = contract.roles as readonly OperatorRole[];
      for (const role of OPERATOR_ROLES) {
        const answer = await callAdmin(ctx(), concrete(contract.path), {
          method: contract.method,
          cookie: cookies[role],
          body: contract.method === 'GET' ? undefined : {},
        });
        const refused = answer.status === 403 && answer.json?.error?.code === 'forbidden';
        expect(refused, `${contract.method} ${contract.path} as ${role}: ${answer.status}`).toBe(!roles.includes(role));
      }
      const anonymous = await callAdmin(ctx(), concrete(contract.path), {
        method: contract.method,
        body: contract.method === 'GET' ? undefined : {},
      });
      expect(anonymous.json.error.code, `${contract.path} without a session`).toBe('not_logged_in');
    }
  });
});
