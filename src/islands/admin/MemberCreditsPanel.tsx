import { useState, type FormEvent } from 'react';
import { consoleText, consoleT, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { ADJUSTMENT_REASON_MAX, PREMIUM_GRANT_MAX_DAYS, type MemberRecord } from '~/shared/contracts/admin/members';
import {
  adjustCredits,
  adjustErrorText,
  checkCreditAdjustment,
  checkPremiumDays,
  grantErrorText,
  grantPremium,
  providerErrorText,
  revokePremium,
} from '../../stores/admin/members';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { ErrorAlert } from './AdminLoadState';
import { formatCount } from './finance-format';
import { formatDay, formatMoney } from './member-format';
import { useAdminAction } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  record: MemberRecord;
  /** The operator may adjust credits and grant or revoke premium (MEMBER_ACTION_ROLES.support). */
  canChange: boolean;
  onDone: (notice: string) => void;
}

/** The credits adjustment form: whole credits either way and the required reason. */
function AdjustCreditsForm({ locale, record, onDone }: Omit<Props, 'canChange'>) {
  const t = consoleT(locale);
  const [errors, setErrors] = useState<{ amount?: ConsoleText; reason?: ConsoleText }>({});
  const action = useAdminAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const amount = Number(String(form.get('amount') ?? '').trim());
    const reason = String(form.get('reason') ?? '').trim();
    const found = checkCreditAdjustment(amount, reason, record.credits.balance);
    setErrors(found);
    if (found.amount || found.reason) return;
    const answer = await action.run(() => adjustCredits(record.account.id, amount, reason), adjustErrorText);
    if (!answer) return;
    formElement.reset();
    onDone(t('credits.adjusted', { amount: `${amount > 0 ? '+' : ''}${amount}`, balance: answer.credits }));
  }

  return (
    <form
      className="admin-member-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('credits.adjust')}
    >
      <h3 className="admin-member-subtitle">{t('credits.adjust')}</h3>
      <ErrorAlert locale={locale} error={action.error} />
      <div className="admin-form-row">
        <TextField
          name="amount"
          label={t('credits.amount')}
          type="number"
          step={1}
          inputMode="numeric"
          required
          error={errors.amount && consoleText(locale, errors.amount)}
        />
        <TextField
          name="reason"
          label={t('credits.reason')}
          required
          maxLength={ADJUSTMENT_REASON_MAX}
          error={errors.reason && consoleText(locale, errors.reason)}
        />
      </div>
      <p className="field-hint admin-member-hint">{t('credits.reason_hint')}</p>
      <button type="submit" className="btn btn-primary btn-small" disabled={action.busy}>
        {action.busy ? t('credits.adjusting') : t('credits.adjust')}
      </button>
    </form>
  );
}

/** Premium days added from the later of now and the current end. */
function GrantPremiumForm({ locale, record, onDone }: Omit<Props, 'canChange'>) {
  const t = consoleT(locale);
  const action = useAdminAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = Number(new FormData(event.currentTarget).get('days'));
    const problem = checkPremiumDays(days);
    if (problem) return action.fail(problem);
    const answer = await action.run(() => grantPremium(record.account.id, days), grantErrorText);
    if (answer) onDone(t('credits.granted', { days, day: formatDay(locale, answer.premiumUntil) }));
  }

  return (
    <form
      className="admin-member-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('credits.grant')}
    >
      <h3 className="admin-member-subtitle">{t('member_state.premium')}</h3>
      <div className="admin-form-row">
        <TextField
          name="days"
          label={t('credits.days')}
          type="number"
          min={1}
          max={PREMIUM_GRANT_MAX_DAYS}
          step={1}
          defaultValue={30}
          inputMode="numeric"
          hint={t('credits.days_hint')}
          error={action.error && consoleText(locale, action.error)}
        />
      </div>
      <button type="submit" className="btn btn-secondary btn-small" disabled={action.busy}>
        {action.busy ? t('credits.granting') : t('credits.grant')}
      </button>
    </form>
  );
}

/** docs/product.md §13 Members: balance, debt, premium and plan; support roles adjust and grant here. */
export function MemberCreditsPanel({ locale, record, canChange, onDone }: Props) {
  const t = consoleT(locale);
  const { credits } = record;
  const plan = credits.subscription;
  const deleted = record.account.status === 'deleted';
  const renewing = plan?.status === 'active';
  return (
    <section className="admin-panel" aria-labelledby="member-credits-title">
      <h2 id="member-credits-title">{t('credits.title')}</h2>
      <dl className="admin-stats admin-member-stats">
        <div className="admin-stat">
          <dt>{t('credits.balance')}</dt>
          <dd data-testid="member-balance">{formatCount(locale, credits.balance)}</dd>
        </div>
        {credits.debt > 0 && (
          <div className="admin-stat">
            <dt>{t('credits.debt')}</dt>
            <dd>{formatCount(locale, credits.debt)}</dd>
          </div>
        )}
        <div className="admin-stat">
          <dt>{t('member_state.premium')}</dt>
          <dd>
            {credits.isPremium && credits.premiumUntil
              ? t('credits.until', { day: formatDay(locale, credits.premiumUntil) })
              : t('credits.no')}
            {!credits.isPremium && credits.premiumUntil && (
              <span className="admin-stat-note">
                {t('credits.ended', { day: formatDay(locale, credits.premiumUntil) })}
              </span>
            )}
          </dd>
        </div>
        {plan && (
          <div className="admin-stat">
            <dt>{t('renewals.plan')}</dt>
            <dd>
              {plan.plan}
              <span className="admin-stat-note">
                {t('credits.plan_every', {
                  count: plan.months,
                  amount: formatMoney(locale, plan.amountCents, plan.currency),
                })}
                ,{' '}
                {renewing
                  ? t('credits.renewing')
                  : plan.cancelledAt
                    ? t('credits.cancelled_on', { day: formatDay(locale, plan.cancelledAt) })
                    : t('credits.cancelled')}
              </span>
            </dd>
          </div>
        )}
      </dl>
      {canChange && !deleted && (
        <>
          <AdjustCreditsForm locale={locale} record={record} onDone={onDone} />
          <GrantPremiumForm locale={locale} record={record} onDone={onDone} />
          {(credits.isPremium || renewing) && (
            <div className="admin-member-revoke">
              <AdminConfirmAction
                locale={locale}
                label={t('credits.revoke')}
                question={renewing ? t('credits.revoke_question_plan') : t('credits.revoke_question')}
                confirmLabel={t('credits.revoke')}
                danger
                run={async () => {
                  const answer = await revokePremium(record.account.id);
                  return answer.cancelledRenewal ? t('credits.revoked_plan') : t('credits.revoked');
                }}
                onDone={onDone}
                errorText={providerErrorText('credits.revoke_provider_unavailable')}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
