import {
  adminBanMemberContract,
  adminClearAboutContract,
  adminRemovePhotoContract,
  adminReportActionContract,
  adminReportContract,
  adminReportsContract,
  adminSuspendMemberContract,
  adminUnbanMemberContract,
  adminWarnMemberContract,
  type MemberModerationView,
} from '~/shared/contracts/admin/moderation';
import { ok, type ErrorCode, type Result } from '~/shared/errors';
import { banMember, liftRestriction, suspendMember } from '../../moderation';
import { clearAbout, removeMemberPhoto, warnMember } from '../../moderation';
import { actOnReport } from '../../moderation';
import { getReportDetail } from '../../moderation';
import { listOpenReports, reportsSla } from '../../moderation';
import { defineOperation } from '../api';

/** A member action's answer: the member's account state after it. */
function asMember<E extends ErrorCode>(
  result: Result<MemberModerationView, E>,
): Result<{ member: MemberModerationView }, E> {
  return result.ok ? ok({ member: result.value }) : result;
}

/** The reports queue and the moderation actions on a member (docs/product.md §13 Reports queue, Member actions). */
export const adminModerationOperations = [
  defineOperation(adminReportsContract, async ({ query }, req) => {
    const page = await listOpenReports(req.ctx, { after: query.after });
    if (!page.ok) return page;
    return ok({ ...page.value, sla: await reportsSla(req.ctx) });
  }),
  defineOperation(adminReportContract, async ({ params }, req) => getReportDetail(req.ctx, Number(params.id))),
  defineOperation(adminReportActionContract, async ({ body, params }, req) =>
    actOnReport(req.ctx, req.session.operator, Number(params.id), body),
  ),
  defineOperation(adminSuspendMemberContract, async ({ body, params }, req) =>
    asMember(await suspendMember(req.ctx, req.session.operator, { memberId: Number(params.id), ...body })),
  ),
  defineOperation(adminBanMemberContract, async ({ body, params }, req) =>
    asMember(await banMember(req.ctx, req.session.operator, { memberId: Number(params.id), ...body })),
  ),
  defineOperation(adminUnbanMemberContract, async ({ body, params }, req) =>
    asMember(await liftRestriction(req.ctx, req.session.operator, { memberId: Number(params.id), ...body })),
  ),
  defineOperation(adminWarnMemberContract, async ({ body, params }, req) =>
    asMember(await warnMember(req.ctx, req.session.operator, { memberId: Number(params.id), ...body })),
  ),
  defineOperation(adminClearAboutContract, async ({ body, params }, req) =>
    asMember(await clearAbout(req.ctx, req.session.operator, { memberId: Number(params.id), ...body })),
  ),
  defineOperation(adminRemovePhotoContract, async ({ body, params }, req) =>
    asMember(
      await removeMemberPhoto(req.ctx, req.session.operator, {
        memberId: Number(params.id),
        photoId: Number(params.photoId),
        ...body,
      }),
    ),
  ),
];
