/**
 * Message costs (docs/product.md §3 Settings `minimum_message_costs`): a message
 * from a member who is not premium costs the credits set for their country
 * (`costs`; `currency` is the currency credit packages are sold in there), or
 * the site's `default` entry, or 1 credit. Premium members write for free.
 */
export function messageCost(
  costs: Record<string, { costs: number; currency: string }>,
  country: string | null,
  isPremium: boolean,
): number {
  if (isPremium) return 0;
  const entry = (country ? costs[country] : undefined) ?? costs.default;
  return entry ? Math.max(0, Math.round(entry.costs)) : 1;
}

/** Premium while `premiumUntil` (ISO or Date) is in the future. */
export function isPremium(premiumUntil: Date | string | null, now: Date): boolean {
  return premiumUntil !== null && new Date(premiumUntil).getTime() > now.getTime();
}

/**
 * docs/product.md §11 Premium: the member response's `paid_user` — premium now, or an account
 * stored as paid (imported as paid). Every rule about paid members (e.g. §6 webcams) reads this.
 */
export function isPaidMember(member: { paidUser: boolean; premiumUntil: Date | string | null }, now: Date): boolean {
  return member.paidUser || isPremium(member.premiumUntil, now);
}
