/**
 * `npm run check:locales`: the seven locale files have the same keys (plural forms
 * per each language's CLDR categories), the same {{variables}}, no empty strings;
 * every key used in src/ exists in en.json and every en.json key is used; no
 * other locale keeps an English text (except the loanwords of SAME_AS_ENGLISH). The console's
 * messages (locales/console) are checked the same way by ./check-console-locales.ts.
 * Exits 1 listing every problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../src/shared/locales';
import { consoleLocaleProblems, CONSOLE_SOURCES } from './check-console-locales';
import { flatten, hasWords, PLURAL, variablesWithoutCount, type Tree } from './locale-tree';

const root = path.resolve(import.meta.dirname, '..');
/** Keys built at run time from a value (`gender.${gender}`); their children count as used. */
const DYNAMIC_PREFIXES = [
  'gender.',
  'search.age_bucket.',
  'profile_field.',
  'match_finder.i_am_',
  'match_finder.seeking_',
  'credits.badge_',
  'credits.method_',
  'transaction.status_',
];

/**
 * Texts that are the same word in English and that language (loanwords such as "Likes", "Chats",
 * "Cookies", "online"); any other value equal to English counts as left untranslated.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  nl: [
    'premium.title',
    'premium.badge',
    'nav.premium',
    'nav.likes',
    'nav.chats',
    'gender.male',
    'chat.title',
    'profile_field.relationship.single',
    'likes.title',
    'cams.live',
    'credits.unit_one',
    'credits.unit_other',
    'lander.privacy',
    'lander.cookies',
    'lander.likes_one',
    'lander.likes_other',
    'credits.bonus',
    'credits.per_credit',
    'receipt.credits',
  ],
  de: [
    'premium.title',
    'premium.badge',
    'nav.premium',
    'nav.likes',
    'nav.chats',
    'search.region',
    'chat.title',
    'wizard.optional',
    'profile_field.relationship.single',
    'likes.title',
    'cams.live',
    'safety.details',
    'lander.cookies',
    'receipt.credits',
  ],
  it: [
    'premium.title',
    'premium.badge',
    'nav.premium',
    'login.password',
    'profile_field.relationship.single',
    'cams.live',
    'lander.privacy',
    'credits.bonus',
  ],
  fr: [
    'premium.title',
    'premium.badge',
    'nav.premium',
    'member.message_short',
    'lander.cookies',
    'lander.faq',
    'account.notifications_title',
  ],
  es: [
    'premium.title',
    'premium.badge',
    'nav.premium',
    'nav.chats',
    'error_page.error',
    'chat.title',
    'lander.cookies',
  ],
  pl: ['premium.title', 'premium.badge', 'nav.premium', 'search.region'],
};
const load = (locale: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Tree);

const problems: string[] = [];
const en = load('en');
const baseKeys = new Map<string, string[]>();
for (const [key, value] of en) {
  const base = key.replace(PLURAL, '');
  baseKeys.set(base, [...(baseKeys.get(base) ?? []), value]);
}
const pluralBases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));

for (const locale of LOCALES) {
  let messages: Map<string, string>;
  try {
    messages = load(locale);
  } catch (error) {
    problems.push(`${locale}.json: ${(error as Error).message}`);
    continue;
  }
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Set<string>();
  for (const base of baseKeys.keys()) {
    if (pluralBases.has(base)) for (const category of categories) expected.add(`${base}_${category}`);
    else expected.add(base);
  }
  for (const key of expected) if (!messages.has(key)) problems.push(`${locale}.json: missing ${key}`);
  for (const [key, value] of messages) {
    if (!expected.has(key)) problems.push(`${locale}.json: unexpected key ${key}`);
    if (value.trim() === '') problems.push(`${locale}.json: empty ${key}`);
    if (locale !== 'en' && value === en.get(key) && hasWords(value) && !SAME_AS_ENGLISH[locale]?.includes(key)) {
      problems.push(
        `${locale}.json: ${key} is left in English ("${value}"); translate it or list it in SAME_AS_ENGLISH`,
      );
    }
    const base = key.replace(PLURAL, '');
    const reference = pluralBases.has(base) ? (en.get(`${base}_other`) ?? '') : (en.get(key) ?? '');
    if (en.has(key) || pluralBases.has(base)) {
      // `count` may be left out of a plural form ("every month" for one).
      const want = variablesWithoutCount(reference);
      const have = variablesWithoutCount(value);
      if (want !== have) problems.push(`${locale}.json: ${key} has variables {${have}} instead of {${want}}`);
    }
  }
}

// Used keys: string literals in src/ that look like message keys of en.json's top-level groups.
// Not keys: the operator console's sources (their own messages, checked by check-console-locales.ts)
// and the audit log's action names (`action: 'member.suspend'`), which look like keys of the `member` group.
const isAuditAction = (text: string, index: number) =>
  /\baction:\s*(?:[\w.]+\s*\?\s*(?:'[^']*'\s*:\s*)?)?$/.test(text.slice(text.lastIndexOf('\n', index) + 1, index));
const groups = [...new Set([...en.keys()].map((k) => k.split('.')[0]))].join('|');
const literal = new RegExp(`['"\`]((?:${groups})\\.[a-zA-Z0-9_.-]+)['"\`]`, 'g');
const used = new Set<string>();
function scan(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!CONSOLE_SOURCES.includes(full)) scan(full);
    } else if (
      /\.(ts|tsx|astro)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !CONSOLE_SOURCES.includes(full)
    ) {
      const text = fs.readFileSync(full, 'utf8');
      for (const match of text.matchAll(literal)) if (!isAuditAction(text, match.index)) used.add(match[1]!);
    }
  }
}
scan(path.join(root, 'src'));
for (const key of used) {
  if (!baseKeys.has(key) && !DYNAMIC_PREFIXES.some((p) => key === p.slice(0, -1))) {
    problems.push(`src uses ${key}, which en.json lacks`);
  }
}
for (const base of baseKeys.keys()) {
  if (!used.has(base) && !DYNAMIC_PREFIXES.some((p) => base.startsWith(p)))
    problems.push(`en.json: ${base} is never used in src/`);
}

problems.push(...consoleLocaleProblems());

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Locale check: ${LOCALES.length} locales, ${baseKeys.size} keys, all present and used; the console's too.`);
