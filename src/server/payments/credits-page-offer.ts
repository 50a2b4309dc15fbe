import { timeBonusCredits, type OfferedPackage } from '~/shared/payments';
import { messageCost } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import type { SiteConfig } from '../platform/sites/site-config';
import { creditOffer, type CreditOffer } from './credit-offer';
import { discountOffer } from './discount-offer';
import { currentTimeBonus } from './discounts';

/** What /credits offers a member now (docs/product.md §11 Screens, Discounts). */
export interface CreditsPageOffer {
  /** Packages with a running time bonus already in `bonus_credits`. */
  offer: CreditOffer;
  automaticDiscount: {
    code: string;
    percent: number | null;
    validUntil: string | null;
    prices: Record<string, number>;
  } | null;
  timeBonus: { percent: number; until: string } | null;
}

/**
 * The credit packages of the member's country as /credits shows them now: with the time bonus of
 * the moment added to each package's bonus, and the discount the member gets without a code
 * (welcome discount with its end, or the accepted stay offer), or null when the site sells nothing.
 */
export async function creditsPageOffer(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  country: string | null,
): Promise<CreditsPageOffer | null> {
  const offer = creditOffer(site, country);
  if (!offer || !site.payments) return null;
  const bonus = currentTimeBonus(site.payments.discounts, ctx.clock.now());
  const automatic = await discountOffer(ctx, site, userId, null);
  return {
    offer: bonus
      ? {
          ...offer,
          packages: offer.packages.map((pack) => ({
            ...pack,
            bonus_credits: pack.bonus_credits + timeBonusCredits(pack.credits, bonus.percent),
          })),
        }
      : offer,
    automaticDiscount: automatic.ok
      ? {
          code: automatic.value.code,
          percent: automatic.value.percent,
          validUntil: automatic.value.valid_until,
          prices: Object.fromEntries(automatic.value.packages.map((pack) => [pack.id, pack.discounted_cents])),
        }
      : null,
    timeBonus: bonus ? { percent: bonus.percent, until: bonus.until.toISOString() } : null,
  };
}

/**
 * What the chat composer knows about paying for messages (docs/product.md §11): the balance and
 * premium state, what a message or GIF costs when not premium, and the packages of the member's
 * country at the price they would pay now (automatic discount taken off, time bonus added), or
 * no offer when the site sells nothing.
 */
export async function chatWallet(
  ctx: AppContext,
  site: SiteConfig,
  member: { id: number; country: string | null; credits: number; isPremium: boolean },
): Promise<{
  credits: number;
  isPremium: boolean;
  messageCost: number;
  offer: { currency: string; packages: OfferedPackage[] } | null;
}> {
  const pageOffer = await creditsPageOffer(ctx, site, member.id, member.country);
  const discounted = pageOffer?.automaticDiscount?.prices ?? {};
  return {
    credits: member.credits,
    isPremium: member.isPremium,
    messageCost: messageCost(site.minimum_message_costs, member.country, false),
    offer: pageOffer && {
      currency: pageOffer.offer.currency,
      packages: pageOffer.offer.packages.map((pack) => ({
        ...pack,
        price_cents: discounted[pack.id] ?? pack.price_cents,
      })),
    },
  };
}
