/** Times and day separators of the chat, in the page's locale (Intl). */

/** "14:05" today, a short weekday within the week, else a short date. */
export function chatListTime(iso: string, now: Date, locale: string): string {
  const date = new Date(iso);
  const days = Math.floor((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days <= 0) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (days < 7) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date);
}

/** The time under a bubble. */
export function messageTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** Day separator label: a full date in the locale. */
export function dayLabel(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
}

/** True when two instants fall on different local days. */
export function isNewDay(previousIso: string | undefined, iso: string): boolean {
  return previousIso === undefined || startOfDay(new Date(previousIso)) !== startOfDay(new Date(iso));
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
