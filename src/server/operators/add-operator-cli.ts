/**
 * `npm run operator:add -- --email ops@example.com --role moderator [--site amora]`: creates an
 * operator account (docs/product.md §13 Access) and prints its one-time setup link (72 hours),
 * on the host of `--site` (default: the default site). Roles: moderator, support, finance, admin.
 * Several `--email … --role …` pairs add several operators in one run.
 * On the embedded database (PGlite) the server must not be running on the same data folder.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { getConfig } from '../config';
import { createContext } from '../context';
import { siteOrigin } from '../outbox';
import { addOperator } from './operator-accounts';

const { values } = parseArgs({
  options: {
    email: { type: 'string', multiple: true },
    role: { type: 'string', multiple: true },
    site: { type: 'string' },
  },
});
const emails = values.email ?? [];
const roles = (values.role ?? []) as OperatorRole[];
const valid =
  emails.length > 0 &&
  emails.length === roles.length &&
  emails.every((email) => /^[^\s@]+@[^\s@]+$/.test(email)) &&
  roles.every((role) => OPERATOR_ROLES.includes(role));
if (!valid) {
  console.error(`operator:add: --email ADDRESS and --role (${OPERATOR_ROLES.join(' | ')}) are required, in pairs`);
  process.exit(2);
}
const ctx = await createContext(getConfig());
try {
  const site = values.site ? ctx.sites.byPackageName.get(values.site) : ctx.sites.defaultSite;
  if (!site) {
    console.error(`operator:add: no site "${values.site}"`);
    process.exitCode = 2;
  } else {
    for (const [i, email] of emails.entries()) {
      const role = roles[i]!;
      const added = await addOperator(ctx, { email, role });
      if (!added.ok) {
        console.error(`operator:add: ${email} already has an operator account`);
        process.exitCode = 1;
        continue;
      }
      console.log(`Operator ${email.trim().toLowerCase()} (${role}) created.`);
      console.log(`One-time setup link (until ${added.value.setupExpiresAt.toISOString()}):`);
      console.log(`${siteOrigin(ctx, site)}/admin/setup?token=${added.value.setupToken}`);
    }
  }
} finally {
  await ctx.database.close();
}
