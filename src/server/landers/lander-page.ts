import type { TFunction } from 'i18next';
import { getI18n } from '~/shared/i18n';
import type { LanderContent } from '~/shared/landers/content-schema';
import { resolveLanderCopy, type LanderCopy } from '~/shared/landers/lander-copy';
import { landerSlug, type LanderDesign, type Niche } from '~/shared/landers/lander-slug';
import type { Market } from '~/shared/landers/market-schema';
import { LOCALES, LOCALE_TAGS, type Locale } from '~/shared/locales';
import { registerAllMessages } from '../i18n/messages';
import type { SiteConfig } from '../platform/sites/site-config';
import { landerMembers, nicheGender, type LanderMember } from './lander-members';
import { countryName } from '../geo';

/** Everything a lander design renders for one site, niche and locale (built at build time). */
export interface LanderPage {
  site: SiteConfig;
  design: LanderDesign;
  niche: Niche;
  locale: Locale;
  slug: string;
  /** BCP 47 tag for `<html lang>` (de-DE). */
  localeTag: string;
  copy: LanderCopy;
  /** UI strings of the `lander.*` group (i18next, this locale). */
  t: TFunction;
  market: Market;
  /** The market's country name in this locale ("Deutschland"). */
  countryName: string;
  /** Whom the niche shows: women, or men on the gay niche. */
  gender: 'female' | 'male';
  /** Where every CTA leads; the lander script adds the tracking record. */
  signupHref: string;
  /** The same design and niche in each locale, for the footer's language links. */
  languages: { locale: Locale; label: string; href: string; current: boolean }[];
  year: number;
  /** `count` members of this market and niche (another set per `seed`). */
  members(count: number, seed?: number): LanderMember[];
  /** The public URL of a stored media key (`cdn_prefix/key`). */
  media(key: string): string;
  /** `srcset` of a member's portrait: 120, 240 and 480 pixels wide. */
  portraitSrcset(member: LanderMember): string;
  /** Formats a number in this locale (1.234). */
  formatNumber(value: number): string;
}

/** Builds the LanderPage of one pre-rendered lander. */
export function buildLanderPage(input: {
  site: SiteConfig;
  design: LanderDesign;
  niche: Niche;
  locale: Locale;
  content: LanderContent;
  market: Market;
}): LanderPage {
  registerAllMessages();
  const { site, design, niche, locale, market } = input;
  const media = (key: string) => `${site.cdn_prefix.replace(/\/$/, '')}/${key}`;
  const numberFormat = new Intl.NumberFormat(LOCALE_TAGS[locale].tag);
  return {
    site,
    design,
    niche,
    locale,
    slug: landerSlug(locale, niche),
    localeTag: LOCALE_TAGS[locale].tag,
    copy: resolveLanderCopy(input.content, niche, site.name),
    t: getI18n(locale).t,
    market,
    countryName: countryName(market.country, locale),
    gender: nicheGender(niche),
    signupHref: '/signup',
    languages: LOCALES.map((other) => ({
      locale: other,
      label: LOCALE_TAGS[other].label,
      href: `/landers/${design}/${landerSlug(other, niche)}`,
      current: other === locale,
    })),
    year: new Date().getFullYear(),
    members: (count, seed = 0) => landerMembers(market, locale, niche, count, seed),
    media,
    portraitSrcset: (member) => `${media(member.mini)} 120w, ${media(member.thumb)} 240w, ${media(member.image)} 480w`,
    formatNumber: (value) => numberFormat.format(value),
  };
}
