import { getAppContext } from '~/server/app';
import { creditOverview, type CreditOverview } from '~/server/credits';
import { countryOfIp } from '~/server/geo';
import { initialChoice } from '~/server/payments';
import { creditsPageOffer, type CreditsPageOffer } from '~/server/payments';
import { lastPurchase } from '~/server/payments';
import { premiumOffer } from '~/server/payments';
import { premiumStatus } from '~/server/payments';
import { pricingCountry, pricingView, type PricingView } from '~/server/payments';
import { storedMandate } from '~/server/payments';
import { transactionPageView, type TransactionView } from '~/server/payments';
import { clientAddressOf } from '../client-address';
import { sandboxCheckout, type SandboxCheckoutOutcome } from '../sandbox-checkout';
import { requireMember } from './page-access';
import type { PageLoad, PageRequest } from './page-request';

/** The props of CreditsPage (docs/product.md §11 Screens). */
export interface CreditsPageData {
  /** The packages and methods of the member's country; null when the site sells nothing there. */
  pageOffer: CreditsPageOffer | null;
  /** The package and method chosen when the page opens; null without an offer. */
  choice: ReturnType<typeof initialChoice> | null;
  overview: CreditOverview;
  /** When the page was rendered (ms since the epoch, the app's clock): the island counts the offer's time limits from it. */
  renderedAt: number;
}

/**
 * `/credits` and `/credits/:creditId/:paymentMethod?` (docs/product.md §2, §11; login required):
 * the offer with `preselect` applied, and the member's balance and history.
 */
export async function loadCreditsPage(
  page: PageRequest,
  preselect: { packageId: string | null; method: string | null } = { packageId: null, method: null },
): Promise<PageLoad<CreditsPageData>> {
  const user = requireMember(page);
  if (user instanceof Response) return user;
  const ctx = await getAppContext();
  const { site } = page.locals;
  const pageOffer = await creditsPageOffer(ctx, site, user.profile.id, user.profile.country);
  const choice = pageOffer?.offer ? initialChoice(pageOffer.offer, preselect) : null;
  const overview = await creditOverview(ctx, site, user.profile.id);
  return { pageOffer, choice, overview, renderedAt: ctx.clock.now().getTime() };
}

/**
 * `/credits/repeat-order` (docs/product.md §11 Repeat order; login required): the last purchase
 * as offered now and whether a stored mandate pays it at once; /credits without an earlier purchase.
 */
export async function loadRepeatOrderPage(
  page: PageRequest,
): Promise<PageLoad<{ last: NonNullable<Awaited<ReturnType<typeof lastPurchase>>>; saved: boolean }>> {
  const user = requireMember(page);
  if (user instanceof Response) return user;
  const ctx = await getAppContext();
  const last = await lastPurchase(ctx, page.locals.site, user.profile.id, user.profile.country);
  if (!last) return page.redirect('/credits');
  // With a stored mandate the click charges it at once; otherwise the checkout opens preselected.
  return { last, saved: (await storedMandate(ctx, user.profile.id, last.method)) !== null };
}

/** `/premium` (docs/product.md §11 Premium; login required): the member's premium state and the plans of their country. */
export async function loadPremiumPage(
  page: PageRequest,
): Promise<PageLoad<{ status: Awaited<ReturnType<typeof premiumStatus>>; offer: ReturnType<typeof premiumOffer> }>> {
  const user = requireMember(page);
  if (user instanceof Response) return user;
  return {
    status: await premiumStatus(await getAppContext(), user.profile.id),
    offer: premiumOffer(page.locals.site, user.profile.country),
  };
}

/**
 * `/pricing` (docs/product.md §2, §11; public): the country shown (`?country=`, else the member's,
 * else the visitor's by IP address, then the page language, else the site's first) and its prices
 * (null: the site sells nothing).
 */
export async function loadPricingPage(page: PageRequest): Promise<{ country: string; view: PricingView | null }> {
  const ctx = await getAppContext();
  const { site, user, locale } = page.locals;
  const country = pricingCountry(site.countries, {
    query: page.url.searchParams.get('country'),
    member: user?.profile.country ?? null,
    ip: user ? null : countryOfIp(clientAddressOf(page, ctx.config.trustedProxies)),
    locale,
  });
  return { country, view: pricingView(site, country, ctx.clock.now()) };
}

/**
 * `/transactions/:transactionId` (docs/product.md §11): the payment's state for the page the
 * provider returns to; null for an id no transaction has (the page answers 404).
 */
export async function loadTransactionPage(page: PageRequest): Promise<TransactionView | null> {
  const transactionId = page.params.transactionId ?? '';
  if (!/^[\w-]{22}$/.test(transactionId)) return null;
  return transactionPageView(await getAppContext(), transactionId);
}

/** `/payments/sandbox/:paymentId` (docs/product.md §11 sandbox provider): see sandboxCheckout. */
export async function loadSandboxCheckoutPage(page: PageRequest): Promise<SandboxCheckoutOutcome> {
  return sandboxCheckout(await getAppContext(), page.request, page.params.paymentId ?? '');
}
