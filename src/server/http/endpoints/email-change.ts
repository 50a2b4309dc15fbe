import {
  cancelEmailChangeContract,
  checkEmailChangeUndoContract,
  confirmEmailChangeContract,
  emailChangeStatusContract,
  requestEmailChangeContract,
  resendEmailChangeContract,
  undoEmailChangeContract,
} from '~/shared/contracts/email-change';
import { ok } from '~/shared/errors';
import { cancelEmailChange, emailChangeStatus, requestEmailChange, resendEmailChange } from '../../account';
import { checkEmailChangeUndo, confirmEmailChange, undoEmailChange } from '../../account';
import { defineOperation, type ApiRequest } from '../api';
import { publicOrigin } from '../public-origin';

const mailSite = (req: ApiRequest) => ({ name: req.site.name, origin: publicOrigin(req) });

/** `/api/mailchange.php?action=status|request|resend|cancel|confirm|undo` (docs/product.md §10 E-mail change). */
export const emailChangeEndpoint = [
  defineOperation(emailChangeStatusContract, async (_input, req) =>
    ok(await emailChangeStatus(req.ctx, req.session.userId)),
  ),
  defineOperation(requestEmailChangeContract, async ({ body }, req) => {
    return requestEmailChange(req.ctx, {
      userId: req.session.userId,
      email: body.email,
      password: body.password,
      site: mailSite(req),
    });
  }),
  defineOperation(resendEmailChangeContract, async (_input, req) => {
    return resendEmailChange(req.ctx, { userId: req.session.userId, site: mailSite(req) });
  }),
  defineOperation(cancelEmailChangeContract, async (_input, req) =>
    ok(await cancelEmailChange(req.ctx, req.session.userId)),
  ),
  defineOperation(confirmEmailChangeContract, async ({ body }, req) => {
    const confirmed = await confirmEmailChange(req.ctx, body.token);
    return confirmed.ok ? ok({ email: confirmed.value.email }) : confirmed;
  }),
  defineOperation(checkEmailChangeUndoContract, async ({ query }, req) => {
    const checked = await checkEmailChangeUndo(req.ctx, query.token);
    return checked.ok ? ok({ email: checked.value.email }) : checked;
  }),
  defineOperation(undoEmailChangeContract, async ({ body }, req) => {
    return undoEmailChange(req.ctx, body.token);
  }),
];
