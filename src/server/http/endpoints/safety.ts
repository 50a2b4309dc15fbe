import {
  blockedMemberContract,
  blockedMembersContract,
  blockContract,
  reportContract,
  unblockContract,
} from '~/shared/contracts/safety';
import { ok } from '~/shared/errors';
import { blockedByViewer, blockMember, listBlockedMembers, unblockMember } from '../../blocks';
import { reportProfile } from '../../chat';
import { defineOperation } from '../api';

/** `GET|POST|DELETE /api/block.php` (the blocked-members list, one member's block, blocking, unblocking). */
export const blockEndpoint = [
  defineOperation(blockedMembersContract, async (_input, req) =>
    ok({ members: await listBlockedMembers(req.ctx, req.session.userId) }),
  ),
  defineOperation(blockedMemberContract, async ({ query }, req) =>
    ok({ member: await blockedByViewer(req.ctx, req.session.userId, query.profile) }),
  ),
  defineOperation(blockContract, async ({ body }, req) => {
    return blockMember(req.ctx, req.session.userId, body.profile);
  }),
  defineOperation(unblockContract, async ({ body }, req) => {
    await unblockMember(req.ctx, req.session.userId, body.profile);
    return ok({ blocked: false as const });
  }),
];

/** `POST /api/report.php` (reports). */
export const reportEndpoint = [
  defineOperation(reportContract, async ({ body }, req) => {
    return reportProfile(req.ctx, req.session.userId, body);
  }),
];
