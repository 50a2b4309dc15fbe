import {
  adminLoginContract,
  adminLogoutContract,
  adminMeContract,
  adminSecondFactorContract,
  adminSetupContract,
} from '~/shared/contracts/admin/auth';
import { canOpen, SECTION_ROLES, type AdminSection } from '~/shared/contracts/admin/roles';
import { fail, ok } from '~/shared/errors';
import { completeOperatorSetup } from '../../operators';
import { finishOperatorLogin, startOperatorLogin } from '../../operators';
import { endOperatorSession, OPERATOR_SESSION_MS, SECOND_FACTOR_MS } from '../../operators';
import { defineOperation } from '../api';
import { OPERATOR_DEVICE_COOKIE } from '../../auth';
import { operatorCookie, operatorDeviceCookie, readCookies } from '../cookies';

/** Operator log-in steps, log-out, setup link and the current operator (docs/product.md §13 Access). */
export const adminAuthOperations = [
  defineOperation(adminLoginContract, async ({ body }, req) => {
    const started = await startOperatorLogin(req.ctx, {
      ...body,
      clientAddress: req.clientAddress,
      deviceToken: readCookies(req.request)[OPERATOR_DEVICE_COOKIE],
    });
    if (!started.ok) return started;
    await endOperatorSession(req.ctx, req.sessionToken);
    const expires = new Date(req.ctx.clock.now().getTime() + SECOND_FACTOR_MS);
    req.setCookies.push(operatorCookie(req.secureCookies, started.value.token, expires));
    return ok({ enrolment: started.value.enrolment });
  }),
  defineOperation(adminSecondFactorContract, async ({ body }, req) => {
    if (!req.session || req.session.stage !== 'password') return fail('not_logged_in');
    const finished = await finishOperatorLogin(req.ctx, req.session, body);
    if (!finished.ok) return finished;
    const expires = new Date(req.ctx.clock.now().getTime() + OPERATOR_SESSION_MS);
    req.setCookies.push(operatorCookie(req.secureCookies, finished.value.token, expires));
    req.setCookies.push(operatorDeviceCookie(req.secureCookies, finished.value.deviceToken));
    return ok({ recoveryCodes: finished.value.recoveryCodes });
  }),
  defineOperation(adminLogoutContract, async (_input, req) => {
    await endOperatorSession(req.ctx, req.sessionToken);
    req.setCookies.push(operatorCookie(req.secureCookies, '', null));
    return ok({ done: true as const });
  }),
  defineOperation(adminSetupContract, async ({ body }, req) => completeOperatorSetup(req.ctx, body)),
  defineOperation(adminMeContract, async (_input, req) => {
    const { email, role } = req.session.operator;
    const sections = (Object.keys(SECTION_ROLES) as AdminSection[]).filter((section) => canOpen(role, section));
    return ok({ email, role, sections });
  }),
];
