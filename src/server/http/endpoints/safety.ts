import { blockContract, reportContract, unblockContract } from '../../../shared/contracts/safety';
import { fail, ok } from '../../../shared/errors';
import { blockMember, unblockMember } from '../../chat/blocks';
import { reportProfile } from '../../chat/reports';
import { defineOperation } from '../api';

/** `POST|DELETE /api/block.php` (blocking). */
export const blockEndpoint = [
  defineOperation(blockContract, async ({ body }, req) => {
    if (!req.session) return fail('not_logged_in');
    return blockMember(req.ctx, req.session.userId, body.profile);
  }),
  defineOperation(unblockContract, async ({ body }, req) => {
    if (!req.session) return fail('not_logged_in');
    await unblockMember(req.ctx, req.session.userId, body.profile);
    return ok({ blocked: false as const });
  }),
];

/** `POST /api/report.php` (reports). */
export const reportEndpoint = [
  defineOperation(reportContract, async ({ body }, req) => {
    if (!req.session) return fail('not_logged_in');
    return reportProfile(req.ctx, req.session.userId, body);
  }),
];
