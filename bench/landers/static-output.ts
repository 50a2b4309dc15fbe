/**
 * Static figures of the pre-rendered landers of a build: per page the HTML
 * bytes (raw and brotli, inline CSS and scripts included), the inline JS bytes
 * and the render-blocking requests (external stylesheets, synchronous scripts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { allLanderPages, type LanderDesign } from '../../src/shared/landers/lander-slug';

export interface PageFigures {
  design: LanderDesign;
  slug: string;
  htmlBytes: number;
  brotliBytes: number;
  jsBytes: number;
  renderBlocking: number;
}

/** Figures of every lander of `site` in the build's client folder. */
export function measureStaticPages(clientDir: string, site: string): PageFigures[] {
  return allLanderPages().map(({ design, slug }) => {
    const html = fs.readFileSync(path.join(clientDir, 'sites', site, 'landers', design, slug, 'index.html'));
    const text = html.toString('utf8');
    const head = text.slice(0, text.indexOf('</head>'));
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const jsBytes = scripts
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
      .reduce((sum, [, , body]) => sum + Buffer.byteLength(body!), 0);
    const blockingStyles = [...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].filter(
      ([tag]) => !/media="print"/.test(tag),
    ).length;
    const blockingScripts = [...head.matchAll(/<script\b([^>]*)\bsrc=/g)].filter(
      ([, attributes]) => !/\b(async|defer|type="module")\b/.test(attributes!),
    ).length;
    return {
      design,
      slug,
      htmlBytes: html.byteLength,
      brotliBytes: zlib.brotliCompressSync(html).byteLength,
      jsBytes,
      renderBlocking: blockingStyles + blockingScripts,
    };
  });
}
