import {
  adminAffiliateReportContract,
  adminPostbackAttemptsContract,
  adminPostbacksContract,
  adminResendPostbackContract,
} from '~/shared/contracts/admin/affiliates';
import { fail, ok } from '~/shared/errors';
import { affiliateBreakdown } from '../../affiliates';
import { landerReport } from '../../affiliates';
import { listPostbacks, postbackAttemptLog, resendPostback } from '../../affiliates';
import { defineOperation } from '../api';

const PAGE = 50;

/** The Affiliates section (docs/product.md §13 Affiliates): the lander report by network and day, the postback log. */
export const adminAffiliateOperations = [
  defineOperation(adminAffiliateReportContract, async ({ query }, req) => {
    if (!req.ctx.sites.byPackageName.has(query.site)) return fail('not_found');
    const period = { site: query.site, from: query.from, to: query.to };
    const [rows, report] = await Promise.all([
      affiliateBreakdown(req.ctx, { ...period, byDay: query.byDay ?? false }),
      landerReport(req.ctx, period),
    ]);
    return ok({ ...period, rows, experiments: report.experiments });
  }),
  defineOperation(adminPostbacksContract, async ({ query }, req) => {
    const page = await listPostbacks(req.ctx, { ...query, limit: PAGE });
    return ok({
      postbacks: page.postbacks.map((row) => ({
        ...row,
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
      })),
      hasMore: page.hasMore,
    });
  }),
  defineOperation(adminPostbackAttemptsContract, async ({ params }, req) => {
    const log = await postbackAttemptLog(req.ctx, Number(params.id));
    if (!log.ok) return log;
    return ok({
      attempts: log.value.attempts.map((row) => ({ ...row, attemptedAt: row.attemptedAt.toISOString() })),
    });
  }),
  defineOperation(adminResendPostbackContract, async ({ params }, req) => {
    const resent = await resendPostback(req.ctx, Number(params.id), req.session.operator);
    if (!resent.ok) return resent;
    return ok({ ...resent.value, nextAttemptAt: resent.value.nextAttemptAt.toISOString() });
  }),
];
