/**
 * The operator console's part of `npm run check:locales` (docs/product.md §13 Console language):
 * locales/console/{en,de,nl}.json have the same keys (plural forms per CLDR), the same {{variables}},
 * no empty texts and no text left in English (but CONSOLE_SAME_AS_ENGLISH); every key the console's
 * sources use exists in en.json and every en.json key is used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONSOLE_LOCALES } from '../src/shared/console-i18n';
import { flatten, hasWords, PLURAL, variablesWithoutCount, type Tree } from './locale-tree';

const root = path.resolve(import.meta.dirname, '..');

/** The console's sources: they use the console's messages, never the member app's. */
export const CONSOLE_SOURCES = [
  path.join(root, 'src', 'islands', 'admin'),
  path.join(root, 'src', 'stores', 'admin'),
  path.join(root, 'src', 'layouts', 'AdminLayout.astro'),
  path.join(root, 'src', 'pages', 'admin'),
];

/** Keys built at run time from a value (`roles.${role}`); their children count as used. */
const DYNAMIC_PREFIXES = [
  'roles.',
  'status.',
  'ledger.',
  'reasons.',
  'outcomes.',
  'report_outcome.',
  'layout.',
  'photo_reasons.',
  'revenue.key_',
  'revenue.by_',
  'landers.col_',
];

/** Texts that are the same in English and that language (words both use, such as "Status" or "Premium"). */
const CONSOLE_SAME_AS_ENGLISH: Record<string, string[]> = {
  de: [
    'status.open',
    'member_state.premium',
    'payments.status',
    'landers.lander',
    'landers.variant',
    'landers.experiment',
    'postbacks.postback',
    'roles.admin',
    'roles.support',
    'roles.moderator',
    'operators.status',
    'record.reference',
    'credits.reason',
    'time.seconds',
    'time.minutes',
    'layout.dashboard',
    'dashboard.title',
    'login.password',
    'operators.email',
    'photos.screening',
    'landers.title',
    'postbacks.details',
    'moderation.title',
    'support.title',
    'members.credits',
    'reasons.spam',
    'layout.affiliates',
  ],
  nl: [
    'member_state.premium',
    'payments.status',
    'landers.lander',
    'landers.variant',
    'postbacks.postback',
    'roles.admin',
    'roles.support',
    'roles.moderator',
    'operators.status',
    'time.seconds',
    'time.minutes',
    'layout.dashboard',
    'dashboard.title',
    'operators.email',
    'renewals.plan',
    'landers.network',
    'postbacks.event',
    'record.product',
    'status.open',
    'layout.photos',
    'revenue.by_site',
    'revenue.key_site',
    'common.site',
    'audit.object',
    'payments.bought_credits',
    'landers.experiment',
    'landers.title',
    'postbacks.account',
    'postbacks.details',
    'members.credits',
    'record.credits',
    'record.code',
    'reasons.spam',
    'photos.screening',
    'layout.affiliates',
  ],
};

const load = (locale: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(root, 'locales', 'console', `${locale}.json`), 'utf8')) as Tree);

function sourceFiles(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((child) => sourceFiles(path.join(entry, child.name)))
    .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** Every problem of the console's message files, as lines for the report (none when all is well). */
export function consoleLocaleProblems(): string[] {
  const problems: string[] = [];
  const en = load('en');
  const bases = new Set([...en.keys()].map((key) => key.replace(PLURAL, '')));
  const pluralBases = new Set([...en.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  for (const locale of CONSOLE_LOCALES) {
    const messages = load(locale);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const expected = new Set(
      [...bases].flatMap((base) => (pluralBases.has(base) ? categories.map((c) => `${base}_${c}`) : [base])),
    );
    for (const key of expected) if (!messages.has(key)) problems.push(`console/${locale}.json: missing ${key}`);
    for (const [key, value] of messages) {
      const base = key.replace(PLURAL, '');
      if (!expected.has(key)) problems.push(`console/${locale}.json: unexpected key ${key}`);
      if (value.trim() === '') problems.push(`console/${locale}.json: empty ${key}`);
      if (
        locale !== 'en' &&
        value === en.get(key) &&
        hasWords(value) &&
        !CONSOLE_SAME_AS_ENGLISH[locale]?.includes(key)
      ) {
        problems.push(`console/${locale}.json: ${key} is left in English ("${value}")`);
      }
      const reference = pluralBases.has(base) ? (en.get(`${base}_other`) ?? '') : (en.get(key) ?? '');
      const want = variablesWithoutCount(reference);
      const have = variablesWithoutCount(value);
      if (expected.has(key) && want !== have) {
        problems.push(`console/${locale}.json: ${key} has variables {${have}} instead of {${want}}`);
      }
    }
  }
  const groups = [...new Set([...bases].map((key) => key.split('.')[0]))].join('|');
  const literal = new RegExp(`['"\`]((?:${groups})\\.[a-zA-Z0-9_.]+)['"\`]`, 'g');
  const used = new Set<string>();
  for (const file of CONSOLE_SOURCES.flatMap(sourceFiles)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(literal)) used.add(match[1]!);
  }
  for (const key of used) {
    if (!bases.has(key)) problems.push(`the console uses ${key}, which console/en.json lacks`);
  }
  for (const base of bases) {
    if (!used.has(base) && !DYNAMIC_PREFIXES.some((prefix) => base.startsWith(prefix))) {
      problems.push(`console/en.json: ${base} is never used by the console`);
    }
  }
  return problems;
}
