import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $activation, ACTIVATION_MAX_TICKS, runActivation } from '../../stores/signup';
import type { useT } from '../shell/use-t';

/** docs/product.md §4: the heading changes at ticks 4, 7 and 10. */
export function activationHeadingKey(tick: number): string {
  if (tick >= 10) return 'wizard.activation_4';
  if (tick >= 7) return 'wizard.activation_3';
  if (tick >= 4) return 'wizard.activation_2';
  return 'wizard.activation_1';
}

/** Step 6: progress while the activation mail is sent. */
export function StepActivation({ t }: { t: ReturnType<typeof useT> }) {
  const activation = useStore($activation);
  useEffect(() => runActivation(), []);
  const percent = Math.round((Math.min(activation.tick, ACTIVATION_MAX_TICKS) / ACTIVATION_MAX_TICKS) * 100);
  return (
    <div className="wizard-step" data-testid="step-6">
      <h1 aria-live="polite">{t(activationHeadingKey(activation.tick))}</h1>
      <div
        className="upload-progress"
        role="progressbar"
        aria-label={t('wizard.activation_progress')}
        aria-valuenow={activation.delivered ? 100 : percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${activation.delivered ? 100 : percent}%` }} />
      </div>
    </div>
  );
}
