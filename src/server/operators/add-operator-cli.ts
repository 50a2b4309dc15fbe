/**
 * `npm run operator:add -- --email ops@example.com --role moderator [--site amora]`: creates an
 * operator account (docs/product.md §13 Access) and prints its one-time setup link (72 hours),
 * on the host of `--site` (default: the default site). Roles: moderator, support, finance, admin.
 * On the embedded database (PGlite) the server must not be running on the same data folder.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { getConfig } from '../config';
import { createContext } from '../context';
import { siteOrigin } from '../mail/background-mail';
import { addOperator } from './operator-accounts';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, site: { type: 'string' } } });
const role = values.role as OperatorRole | undefined;
if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email) || !role || !OPERATOR_ROLES.includes(role)) {
  console.error(`operator:add: --email ADDRESS and --role (${OPERATOR_ROLES.join(' | ')}) are required`);
  process.exit(2);
}
const ctx = await createContext(getConfig());
try {
  const site = values.site ? ctx.sites.byPackageName.get(values.site) : ctx.sites.defaultSite;
  if (!site) {
    console.error(`operator:add: no site "${values.site}"`);
    process.exitCode = 2;
  } else {
    const added = await addOperator(ctx, { email: values.email, role });
    if (!added.ok) {
      console.error(`operator:add: ${values.email} already has an operator account`);
      process.exitCode = 1;
    } else {
      console.log(`Operator ${values.email.trim().toLowerCase()} (${role}) created.`);
      console.log(`One-time setup link (until ${added.value.setupExpiresAt.toISOString()}):`);
      console.log(`${siteOrigin(ctx, site)}/admin/setup?token=${added.value.setupToken}`);
    }
  }
} finally {
  await ctx.database.close();
}
