import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadSites } from '../../src/server/platform/sites/load-sites';
import { landerContentSchema, landerCopyVariantSchema } from '../../src/shared/landers/content-schema';
import { copyVariantPages } from '../../src/server/landers/build-data';
import { resolveLanderCopy, withCopyVariant } from '../../src/shared/landers/lander-copy';
import { allLanderPages } from '../../src/shared/landers/lander-slug';
import { LOCALES, LOCALE_TAGS } from '../../src/shared/locales';
import { STATIC_PAGES } from '../../src/shared/static-pages';
import { measureStaticPages } from '../../bench/landers/static-output';

/** The build these tests read (the one the e2e server serves). */
const client = path.resolve(process.env.AMORA_OUT_DIR ?? 'dist', 'client');
const sites = loadSites(path.resolve('config/sites')).all;

const decode = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39|#x27|nbsp);/g,
    (_, entity: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' })[entity]!,
  );

/** Every index.html below a folder. */
function htmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('index.html'));
}

describe('pre-rendered output of the build', () => {
  for (const site of sites) {
    it(`${site.package_name}: 8 × 7 × 7 = 392 landers, each with its lang, localized copy and a CTA into signup with the tracking script`, () => {
      const root = path.join(client, 'sites', site.package_name, 'landers');
      const pages = allLanderPages();
      expect(pages).toHaveLength(392);
      const files = htmlFiles(root).filter((file) => file.split(path.sep).length === 3);
      // Plus the pages of the site's experiments' copy variants (checked below).
      expect(files).toHaveLength(392 + copyVariantPages(site).length);
      const problems: string[] = [];
      for (const { design, niche, locale, slug } of pages) {
        const file = path.join(root, design, slug, 'index.html');
        if (!fs.existsSync(file)) {
          problems.push(`${design}/${slug}: missing`);
          continue;
        }
        const html = fs.readFileSync(file, 'utf8');
        const text = decode(html);
        const copy = resolveLanderCopy(
          landerContentSchema.parse(yaml.load(fs.readFileSync(`landers/${design}/${locale}.yaml`, 'utf8'))),
          niche,
          site.name,
        );
        if (!html.includes(`<html lang="${LOCALE_TAGS[locale].tag}"`))
          problems.push(`${design}/${slug}: lang is not ${LOCALE_TAGS[locale].tag}`);
        for (const field of ['headline', 'cta', 'title'] as const)
          if (!text.includes(copy[field]))
            problems.push(`${design}/${slug}: ${field} "${copy[field]}" not on the page`);
        if (
          !/<(a|form)\b[^>]*(href|action)="\/signup[^"]*"[^>]*data-cta|<(a|form)\b[^>]*data-cta[^>]*(href|action)="\/signup/.test(
            html,
          )
        )
          problems.push(`${design}/${slug}: no CTA into /signup`);
        if (!html.includes('amora_tracking')) problems.push(`${design}/${slug}: no tracking script`);
        // Zero framework JavaScript, nothing fetched before use: no island, no script or stylesheet file.
        if (/<astro-island|<script[^>]*\ssrc=|<link[^>]*rel="stylesheet"/.test(html))
          problems.push(`${design}/${slug}: an island, script file or stylesheet file`);
      }
      expect(problems).toEqual([]);
    });

    it(`${site.package_name}: each experiment copy variant's page shows the variant's texts where it has them, the design's otherwise, within budget (docs/product.md §12)`, () => {
      const problems: string[] = [];
      for (const { design, niche, locale, copy, slug } of copyVariantPages(site)) {
        const file = path.join(client, 'sites', site.package_name, 'landers', design, slug, 'index.html');
        if (!fs.existsSync(file)) {
          problems.push(`${design}/${slug}: missing`);
          continue;
        }
        const variantFile = `landers/${design}/copy-${copy}/${locale}.yaml`;
        const base = landerContentSchema.parse(yaml.load(fs.readFileSync(`landers/${design}/${locale}.yaml`, 'utf8')));
        const variant = fs.existsSync(variantFile)
          ? landerCopyVariantSchema.parse(yaml.load(fs.readFileSync(variantFile, 'utf8')))
          : null;
        const expected = resolveLanderCopy(withCopyVariant(base, variant), niche, site.name);
        const html = fs.readFileSync(file, 'utf8');
        for (const field of ['headline', 'cta', 'title'] as const)
          if (!decode(html).includes(expected[field]))
            problems.push(`${design}/${slug}: ${field} "${expected[field]}" not on the page`);
        if (variant?.headline && decode(html).includes(base.headline))
          problems.push(`${design}/${slug}: still the design's headline`);
        const brotli = zlib.brotliCompressSync(html).length;
        if (brotli > 14 * 1024) problems.push(`${design}/${slug}: ${brotli} B brotli`);
      }
      expect(problems).toEqual([]);
    });

    it(`${site.package_name}: every lander in the site's template (${site.template}) within budget: ≤ 14 KB brotli HTML+CSS, ≤ 2 KB JS, its font preloaded from our origin`, () => {
      const over = measureStaticPages(client, site.package_name)
        .filter((page) => page.brotliBytes > 14 * 1024 || page.jsBytes > 2 * 1024 || page.renderBlocking > 0)
        .map(
          (page) =>
            `${page.design}/${page.slug}: ${page.brotliBytes} B brotli, ${page.jsBytes} B JS, ${page.renderBlocking} blocking`,
        );
      expect(over).toEqual([]);
      const html = fs.readFileSync(
        path.join(client, 'sites', site.package_name, 'landers', 'gallery', 'de', 'index.html'),
        'utf8',
      );
      expect(html).toContain(`data-template="${site.template}"`);
      const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((match) => match[1]!);
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toMatch(/^\/_astro\/[\w-]+-latin-\d00-normal\.[\w-]+\.woff2$/);
      expect(fs.existsSync(path.join(client, preloads[0]!))).toBe(true);
    });

    it(`${site.package_name}: 7 × 7 = 49 static pages, each in its language with the company fields filled in`, () => {
      const root = path.join(client, 'sites', site.package_name, 'pages');
      expect(htmlFiles(root)).toHaveLength(STATIC_PAGES.length * LOCALES.length);
      const problems: string[] = [];
      for (const page of STATIC_PAGES) {
        for (const locale of LOCALES) {
          const html = fs.readFileSync(path.join(root, page, locale, 'index.html'), 'utf8');
          if (!html.includes(`<html lang="${LOCALE_TAGS[locale].tag}"`)) problems.push(`${page}/${locale}: wrong lang`);
          if (/\{\{/.test(html)) problems.push(`${page}/${locale}: a placeholder left unfilled`);
          if (!decode(html).includes(site.company.name)) problems.push(`${page}/${locale}: no company name`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
