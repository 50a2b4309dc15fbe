import { signupContract, userContract } from '~/shared/contracts/auth';
import { emailChangeContract, profileUpdateContract } from '~/shared/contracts/profile-update';
import { pushSubscribeContract, pushUnsubscribeContract } from '~/shared/contracts/push';
import { fail, ok } from '~/shared/errors';
import { getUserView } from '../../members';
import { updateProfile } from '../../members';
import { removeSubscription, saveSubscription } from '../../push';
import { nudgeOutboxAndWait } from '../../outbox';
import { queueWelcomePush } from '../../outbox';
import { changeEmail } from '../../signup';
import { createAccount } from '../../signup';
import { defineOperation } from '../api';
import { startSessionFor } from '../start-session';
import { signupTracking } from '../tracking-cookie';

/** `GET|PUT /api/user.php`, `POST /api/user.php?new=1`, `POST|DELETE /api/user.php?push=1` (docs/product.md §7). */
export const userEndpoint = [
  defineOperation(userContract, async (_input, req) => {
    const user = await getUserView(req.ctx, req.session.userId);
    return user ? ok(user) : fail('not_logged_in');
  }),
  defineOperation(signupContract, async ({ body }, req) => {
    const tracking = signupTracking(req.request, body.query);
    const created = await createAccount(req.ctx, { site: req.site, payload: body, tracking });
    if (!created.ok) return created;
    return ok({ user: await startSessionFor(req, created.value.userId) });
  }),
  defineOperation(pushSubscribeContract, async ({ body }, req) => {
    const saved = await saveSubscription(
      req.ctx,
      req.session.userId,
      body.subscription,
      req.request.headers.get('user-agent'),
    );
    if (!saved.ok) return saved;
    if (saved.value.created) {
      // The first notification confirms it works (outbox: a push-service hiccup is retried and never
      // fails the subscription); the answer waits for its first attempt, as it always did.
      await queueWelcomePush(req.ctx, req.ctx.db, req.session.userId, req.site.name);
      await nudgeOutboxAndWait(req.ctx);
    }
    return ok({ subscribed: true as const });
  }),
  defineOperation(pushUnsubscribeContract, async ({ body }, req) => {
    await removeSubscription(req.ctx, req.session.userId, body.endpoint);
    return ok({ subscribed: false as const });
  }),
  defineOperation(profileUpdateContract, async ({ body }, req) => {
    const updated = await updateProfile(req.ctx, req.session.userId, body);
    if (!updated.ok) return updated;
    const user = await getUserView(req.ctx, req.session.userId);
    return user ? ok({ user }) : fail('not_logged_in');
  }),
  defineOperation(emailChangeContract, async ({ body }, req) => {
    const changed = await changeEmail(req.ctx, {
      userId: req.session.userId,
      site: req.site.package_name,
      email: body.email,
    });
    if (!changed.ok) return changed;
    const user = await getUserView(req.ctx, req.session.userId);
    return user ? ok({ user }) : fail('not_logged_in');
  }),
];
