import type { LanderContent, LanderCopyVariant } from './content-schema';
import { NICHE_PREFIX } from '../constants';
import type { Niche } from './lander-slug';

/** The copy of one lander page: the common fields with the niche's overrides applied and `{{site}}` filled. */
export type LanderCopy = Omit<LanderContent, 'niches'>;

const fill = (text: string, siteName: string) => text.replaceAll('{{site}}', siteName);

/** Replaces `{{site}}` in every string of a value (objects and arrays included). */
function fillDeep<T>(value: T, siteName: string): T {
  if (typeof value === 'string') return fill(value, siteName) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillDeep(item, siteName)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, siteName)])) as T;
  return value;
}

/**
 * The copy a lander shows for a niche (docs/product.md §4 niche prefixes): the editor's
 * niche override wins field by field over the common copy; `{{site}}` becomes
 * the site name. Pure: used at build time by every lander design.
 */
export function resolveLanderCopy(content: LanderContent, niche: Niche, siteName: string): LanderCopy {
  const { niches, ...common } = content;
  const prefix = NICHE_PREFIX[niche];
  const override = prefix ? niches[prefix as keyof typeof niches] : undefined;
  return fillDeep({ ...common, ...override }, siteName);
}

/**
 * The content of an experiment's copy variant (docs/product.md §12): the variant's texts replace the
 * design's, also over every niche override of the same field, so each niche shows the variant.
 */
export function withCopyVariant(content: LanderContent, variant: LanderCopyVariant | null): LanderContent {
  if (!variant) return content;
  const fields = Object.keys(variant);
  const niches = Object.fromEntries(
    Object.entries(content.niches).map(([prefix, override]) => [
      prefix,
      Object.fromEntries(Object.entries(override ?? {}).filter(([field]) => !fields.includes(field))),
    ]),
  );
  return { ...content, ...variant, niches };
}
