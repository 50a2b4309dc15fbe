import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import {
  fillPlaceholders,
  PAGE_PLACEHOLDERS,
  STATIC_PAGES,
  staticPageSchema,
  unknownPlaceholders,
} from '~/shared/static-pages';
import { marketsSchema } from '~/shared/landers/market-schema';
import { loadSites } from '../platform/sites/load-sites';
import { pagePlaceholderValues } from './build-data';

const root = path.resolve(import.meta.dirname, '../../..');

/** Front matter and body of a Markdown file. */
function readPage(file: string): { data: unknown; body: string } {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter`);
  return { data: yaml.load(match[1]!), body: match[2]! };
}

describe('static pages (docs/product.md §2 /pages/*) content in content/pages/', () => {
  it('has every page in every locale with valid front matter, known placeholders and real text', () => {
    const problems: string[] = [];
    for (const page of STATIC_PAGES) {
      for (const locale of LOCALES) {
        const file = path.join(root, 'content/pages', page, `${locale}.md`);
        if (!fs.existsSync(file)) {
          problems.push(`${page}/${locale}.md: missing`);
          continue;
        }
        const { data, body } = readPage(file);
        const parsed = staticPageSchema.safeParse(data);
        if (!parsed.success)
          problems.push(
            ...parsed.error.issues.map((issue) => `${page}/${locale}.md: ${issue.path.join('.')}: ${issue.message}`),
          );
        for (const name of unknownPlaceholders(body))
          problems.push(`${page}/${locale}.md: unknown placeholder {{${name}}}`);
        if (/lorem ipsum|\[insert/i.test(body) || /\bTODO\b/.test(body))
          problems.push(`${page}/${locale}.md: placeholder text`);
        if (/^# /m.test(body)) problems.push(`${page}/${locale}.md: an h1 in the body (the title is the h1)`);
        if (body.split(/\s+/).length < 200) problems.push(`${page}/${locale}.md: under 200 words`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('fills the company fields of each site, HTML-escaped, in the page language', () => {
    const sites = loadSites(path.join(root, 'config/sites'));
    const values = pagePlaceholderValues(sites.defaultSite, 'de');
    expect(Object.keys(values).sort()).toEqual([...PAGE_PLACEHOLDERS].sort());
    expect(values.company_country).toBe('Niederlande');
    expect(
      fillPlaceholders('<p>{{company_name}} · {{support_phone}}</p>', { ...values, company_name: 'A&B <Ltd>' }),
    ).toBe(`<p>A&amp;B &lt;Ltd&gt; · ${values.support_phone}</p>`);
    expect(() => fillPlaceholders('{{company_nme}}', values)).toThrow('unknown placeholder {{company_nme}}');
  });
});

describe('lander markets (landers/markets.yaml)', () => {
  it('has a market with a country and cities for every locale', () => {
    const parsed = marketsSchema.safeParse(yaml.load(fs.readFileSync(path.join(root, 'landers/markets.yaml'), 'utf8')));
    expect(
      parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    ).toEqual([]);
  });
});
