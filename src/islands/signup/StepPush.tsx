import { useEffect, useState } from 'react';
import { pagePushKey } from '../../stores/page';
import { canOfferPush, enablePush } from '../../stores/push';
import { dismissPushPrompt } from '../../stores/push-prompt';
import { goToStep } from '../../stores/signup';
import { BellIcon } from '../shell/icons';
import type { useT } from '../shell/use-t';

/** Step 1: offer push notifications with a skip button; skipped at once when it cannot be offered (docs/product.md §5). */
export function StepPush({ t }: { t: ReturnType<typeof useT> }) {
  const [busy, setBusy] = useState(false);
  const pushKey = pagePushKey();
  // docs/product.md §5 prompt rule: capable, not denied, not subscribed (step 1 is only reached without a subscription), key present.
  const canOffer = canOfferPush(pushKey);

  useEffect(() => {
    if (!canOffer) void goToStep(2);
  }, [canOffer]);
  if (!canOffer) return null;

  // A skip declines the offer: the shell does not bring it up again in this session (nor within a week).
  const skip = () => {
    dismissPushPrompt();
    void goToStep(2);
  };
  const enable = async () => {
    setBusy(true);
    await enablePush(pushKey!);
    await goToStep(2);
  };
  return (
    <div className="wizard-step" data-testid="step-1">
      <div className="wizard-icon" aria-hidden="true">
        <BellIcon />
      </div>
      <h1>{t('wizard.push_title')}</h1>
      <p className="muted">{t('wizard.push_text')}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={enable} disabled={busy}>
        {t('shell.push_enable')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={skip} disabled={busy}>
        {t('wizard.skip')}
      </button>
    </div>
  );
}
