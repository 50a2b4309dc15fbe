import type { TFunction } from 'i18next';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney, type OfferedPackage } from '~/shared/payments';
import { CoinIcon, StarIcon } from '../shell/icons';
import '~/styles/chat-wallet.css';

/**
 * What the conversation page knows about paying for messages (docs/product.md §11): the balance
 * and premium state the server rendered with, what a message (or GIF) costs this member when not
 * premium, and the credit packages of their country (null: the site sells none).
 */
export interface ChatWallet {
  credits: number;
  isPremium: boolean;
  messageCost: number;
  offer: { currency: string; packages: OfferedPackage[] } | null;
}

/**
 * The small line at the composer: the balance and what a message costs, "free with Premium",
 * or that the balance is too low, with the way to /credits (back to this chat afterwards).
 */
export function ComposerBalance({
  t,
  locale,
  credits,
  isPremium,
  messageCost,
  returnPath,
  canBuy,
}: {
  t: TFunction;
  locale: Locale;
  credits: number;
  isPremium: boolean;
  messageCost: number;
  returnPath: string;
  /** False on a site that sells no credits: no way to /credits then. */
  canBuy: boolean;
}) {
  const amount = new Intl.NumberFormat(LOCALE_TAGS[locale].tag).format(credits);
  const short = !isPremium && credits < messageCost;
  const buy = (
    <a className="composer-meta-link" href={`/credits?return=${encodeURIComponent(returnPath)}`}>
      {t('chat.buy_credits')}
    </a>
  );
  return (
    <p className={`composer-meta${short ? ' is-short' : ''}`} data-testid="composer-balance">
      {isPremium ? <StarIcon filled /> : <CoinIcon />}
      {isPremium ? (
        <span className="composer-meta-text">{t('chat.premium_free')}</span>
      ) : messageCost === 0 ? (
        <span className="composer-meta-text">{t('credits.messages_free')}</span>
      ) : (
        <>
          <span className="composer-meta-text">
            {short ? (
              <strong>{t('chat.not_enough_credits')}</strong>
            ) : (
              <strong>{t('chat.balance_left', { count: credits, amount })}</strong>
            )}
            <span className="composer-meta-sep" aria-hidden="true">
              {' · '}
            </span>
            <span className="composer-meta-cost">{t('chat.cost_per_message', { count: messageCost })}</span>
          </span>
          {canBuy && buy}
        </>
      )}
    </p>
  );
}

/**
 * The credit packages offered in the flow above the composer after a send failed for want of
 * credits (docs/product.md §11): each package leads to /credits/:id with `return` to this chat,
 * "See all" to /credits (in the head on wide panes, the last tile of the sideways row on phones);
 * it can be dismissed.
 */
export function InlineCreditOffer({
  t,
  locale,
  offer,
  messageCost,
  returnPath,
  onDismiss,
}: {
  t: TFunction;
  locale: Locale;
  offer: NonNullable<ChatWallet['offer']>;
  messageCost: number;
  returnPath: string;
  onDismiss: () => void;
}) {
  const tag = LOCALE_TAGS[locale].tag;
  const number = new Intl.NumberFormat(tag);
  const back = `return=${encodeURIComponent(returnPath)}`;
  return (
    <section className="credit-offer-inline" aria-labelledby="credit-offer-title" data-testid="inline-credit-offer">
      <div className="credit-offer-head">
        <div>
          <h2 id="credit-offer-title">{t('chat.offer_title')}</h2>
          <p>{t('chat.offer_text')}</p>
        </div>
        <a className="credit-offer-all is-head" href={`/credits?${back}`}>
          {t('chat.offer_see_all')}
        </a>
        <button
          type="button"
          className="credit-offer-close"
          aria-label={t('chat.offer_close')}
          onClick={onDismiss}
          data-testid="inline-credit-offer-close"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <ul className="credit-offer-list">
        {offer.packages.map((pack) => {
          const total = pack.credits + pack.bonus_credits;
          return (
            <li key={pack.id}>
              <a
                className={`credit-offer-pack${pack.badge === 'popular' ? ' is-popular' : ''}`}
                href={`/credits/${encodeURIComponent(pack.id)}?${back}`}
                data-testid={`inline-package-${pack.id}`}
              >
                {pack.badge && <span className="credit-offer-badge">{t(`credits.badge_${pack.badge}`)}</span>}
                <span className="credit-offer-credits">
                  <strong>{number.format(total)}</strong> {t('credits.unit', { count: total })}
                </span>
                <span className="credit-offer-price">{formatMoney(pack.price_cents, offer.currency, tag)}</span>
                {messageCost > 0 && (
                  <span className="credit-offer-messages">
                    {t('pricing.messages_estimate', { count: Math.floor(total / messageCost) })}
                  </span>
                )}
              </a>
            </li>
          );
        })}
        <li className="credit-offer-more">
          <a className="credit-offer-all is-tile" href={`/credits?${back}`}>
            {t('chat.offer_see_all')}
            <span aria-hidden="true"> →</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
