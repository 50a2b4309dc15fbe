import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { landerContentSchemaFor, landerCopyVariantSchema } from '~/shared/landers/content-schema';
import { LANDER_DESIGNS } from '~/shared/landers/lander-slug';

const root = path.resolve(import.meta.dirname, '../../../landers');
const designsWithContent = LANDER_DESIGNS.filter((design) => fs.existsSync(path.join(root, design)));

describe('lander content (landers/)', () => {
  it('has every locale of each design it covers, each file valid for its design', () => {
    expect(designsWithContent.length).toBeGreaterThan(0);
    // Every problem of every file at once, named by file and field, so an editor sees them all.
    const problems: string[] = [];
    for (const design of designsWithContent) {
      const files = fs.readdirSync(path.join(root, design)).filter((file) => file.endsWith('.yaml'));
      for (const locale of LOCALES)
        if (!files.includes(`${locale}.yaml`)) problems.push(`${design}/${locale}.yaml: missing`);
      for (const file of files) {
        if (!LOCALES.some((locale) => file === `${locale}.yaml`))
          problems.push(`${design}/${file}: not a language of the app`);
        const parsed = landerContentSchemaFor(design).safeParse(
          yaml.load(fs.readFileSync(path.join(root, design, file), 'utf8')),
        );
        if (!parsed.success)
          problems.push(
            ...parsed.error.issues.map((issue) => `${design}/${file}: ${issue.path.join('.')}: ${issue.message}`),
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('has only valid copy variants (copy-{name}/{locale}.yaml: some of the texts, nothing else)', () => {
    const problems: string[] = [];
    for (const design of designsWithContent) {
      const folders = fs.readdirSync(path.join(root, design)).filter((entry) => entry.startsWith('copy-'));
      for (const folder of folders) {
        if (!/^copy-[a-z0-9][a-z0-9-]{0,39}$/.test(folder)) problems.push(`${design}/${folder}: not a copy name`);
        for (const file of fs.readdirSync(path.join(root, design, folder))) {
          if (!LOCALES.some((locale) => file === `${locale}.yaml`))
            problems.push(`${design}/${folder}/${file}: not a language of the app`);
          const parsed = landerCopyVariantSchema
            .strict()
            .safeParse(yaml.load(fs.readFileSync(path.join(root, design, folder, file), 'utf8')));
          if (!parsed.success)
            problems.push(
              ...parsed.error.issues.map(
                (issue) => `${design}/${folder}/${file}: ${issue.path.join('.') || issue.message}: ${issue.message}`,
              ),
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(landerCopyVariantSchema.strict().safeParse({ headline: 'x', testimonials: [] }).success).toBe(false);
  });

  it('names the field that is missing or wrong', () => {
    const bad = landerContentSchemaFor('iconslanding').safeParse({
      title: 't',
      description: 'd',
      headline: '',
      subheadline: 's',
      cta: 'c',
      trust: 't',
      niches: { nope: {} },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['headline', 'niches']));
    const missing = landerContentSchemaFor('iconslanding').safeParse({
      title: 't',
      description: 'd',
      headline: 'h',
      subheadline: 's',
      cta: 'c',
      trust: 't',
    });
    expect(missing.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['benefits']);
  });
});
