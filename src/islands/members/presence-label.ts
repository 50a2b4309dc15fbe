import type { Presence } from '~/shared/rules/member-rules';

/**
 * The message key of each coarse presence (docs/product.md §3 Profile `presence`): "Online now",
 * "Active today", "Active this week", "Active more than a week ago".
 */
export const PRESENCE_KEYS: Record<Presence, string> = {
  online: 'member.online',
  today: 'member.presence_today',
  this_week: 'member.presence_this_week',
  longer: 'member.presence_longer',
};
