import {
  adminAdjustCreditsContract,
  adminDeleteMemberContract,
  adminFindMembersContract,
  adminGrantPremiumContract,
  adminMemberRecordContract,
  adminPasswordResetContract,
  adminResendActivationContract,
  adminRevokePremiumContract,
} from '~/shared/contracts/admin/members';
import { fail, ok } from '~/shared/errors';
import { deleteAccountAsOperator } from '../../account';
import { sendResetLinkAsOperator } from '../../auth';
import { adjustCredits } from '../../credits';
import { findMembers } from '../../members';
import { memberRecord } from '../../members';
import { grantPremium, revokePremium } from '../../payments';
import { resendActivationAsOperator } from '../../signup';
import { defineOperation } from '../api';

/** The member id of a path (`:id`), or null past the largest id a member can have. */
function memberIdOf(params: Record<string, string>): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Finding members, a member's record, and the support and admin actions (docs/product.md §13 Members). */
export const adminMemberOperations = [
  defineOperation(adminFindMembersContract, async ({ query }, req) => {
    const found = await findMembers(req.ctx, query);
    return ok({ ...found, page: query.page });
  }),
  defineOperation(adminMemberRecordContract, async ({ params }, req) => {
    const userId = memberIdOf(params);
    return userId === null ? fail('not_found') : memberRecord(req.ctx, userId);
  }),
  defineOperation(adminAdjustCreditsContract, async ({ body, params }, req) => {
    const userId = memberIdOf(params);
    return userId === null ? fail('not_found') : adjustCredits(req.ctx, req.session.operator, { userId, ...body });
  }),
  defineOperation(adminGrantPremiumContract, async ({ body, params }, req) => {
    const userId = memberIdOf(params);
    if (userId === null) return fail('not_found');
    const granted = await grantPremium(req.ctx, req.session.operator, { userId, days: body.days });
    if (!granted.ok) return granted;
    return ok({ premiumUntil: granted.value.premiumUntil.toISOString() });
  }),
  defineOperation(adminRevokePremiumContract, async ({ params }, req) => {
    const userId = memberIdOf(params);
    if (userId === null) return fail('not_found');
    const revoked = await revokePremium(req.ctx, req.session.operator, userId);
    if (!revoked.ok) return revoked;
    const { premiumUntil, cancelledRenewal } = revoked.value;
    return ok({ premiumUntil: premiumUntil?.toISOString() ?? null, cancelledRenewal });
  }),
  defineOperation(adminResendActivationContract, async ({ params }, req) => {
    const userId = memberIdOf(params);
    return userId === null ? fail('not_found') : resendActivationAsOperator(req.ctx, req.session.operator, userId);
  }),
  defineOperation(adminPasswordResetContract, async ({ params }, req) => {
    const userId = memberIdOf(params);
    return userId === null ? fail('not_found') : sendResetLinkAsOperator(req.ctx, req.session.operator, userId);
  }),
  defineOperation(adminDeleteMemberContract, async ({ body, params }, req) => {
    const userId = memberIdOf(params);
    if (userId === null) return fail('not_found');
    return deleteAccountAsOperator(req.ctx, req.session.operator, { userId, confirm: body.confirm });
  }),
];
