import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspHash, cspOrigin, metaPolicyOf } from './content-security-policy';

/** The policy as a map: directive name → its sources. */
function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const ASTRO_HEADER = "script-src 'self' 'sha256-AAA='; style-src 'self' 'sha256-BBB='; style-src-attr 'unsafe-inline';";
const NONE = { images: [], media: [] };

describe('contentSecurityPolicy', () => {
  it("keeps Astro's script and style hashes and adds the strict directives", () => {
    const policy = parse(contentSecurityPolicy(ASTRO_HEADER, NONE));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-AAA='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-BBB='"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'"]);
    expect(policy.get('media-src')).toEqual(["'self'"]);
  });

  it('never allows inline or eval scripts: without a policy from Astro only our own files run', () => {
    const policy = contentSecurityPolicy(null, NONE);
    expect(parse(policy).get('script-src')).toEqual(["'self'"]);
    expect(parse(policy).get('style-src')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(parse(policy).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it("takes only script and style directives from Astro's policy (nothing can loosen the rest)", () => {
    const policy = parse(
      contentSecurityPolicy(`${ASTRO_HEADER} img-src *; frame-ancestors *; default-src *; object-src *`, NONE),
    );
    expect(policy.get('img-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('allows images and media from the given origins only, deduplicated, paths and non-URLs dropped', () => {
    const policy = parse(
      contentSecurityPolicy(ASTRO_HEADER, {
        images: ['https://cdn.example.com/media', 'https://media.tenor.com', 'https://cdn.example.com', '/media', '*'],
        media: ['https://cdn.example.com/media/landers'],
      }),
    );
    expect(policy.get('img-src')).toEqual(["'self'", 'https://cdn.example.com', 'https://media.tenor.com']);
    expect(policy.get('media-src')).toEqual(["'self'", 'https://cdn.example.com']);
  });

  it("adds the app's inline style hashes where Astro puts its own, once", () => {
    const hashes = ['sha256-FONT=', 'sha256-BBB='] as const;
    expect(parse(contentSecurityPolicy(ASTRO_HEADER, NONE, hashes)).get('style-src')).toEqual([
      "'self'",
      "'sha256-BBB='",
      "'sha256-FONT='",
    ]);
    const elem = parse(contentSecurityPolicy(`${ASTRO_HEADER} style-src-elem 'self' 'sha256-CCC='`, NONE, hashes));
    expect(elem.get('style-src-elem')).toEqual(["'self'", "'sha256-CCC='", "'sha256-FONT='", "'sha256-BBB='"]);
    expect(parse(contentSecurityPolicy(null, NONE, hashes)).get('style-src')).toEqual([
      "'self'",
      "'sha256-FONT='",
      "'sha256-BBB='",
    ]);
  });

  it('gives the same policy back when applied to its own answer', () => {
    const sources = { images: ['https://cams.example.com'], media: [] };
    const once = contentSecurityPolicy(ASTRO_HEADER, sources, ['sha256-FONT=']);
    expect(contentSecurityPolicy(once, sources, ['sha256-FONT='])).toBe(once);
  });
});

describe('cspHash', () => {
  it('is the base64 SHA-256 of the exact UTF-8 text, as browsers compute it', () => {
    const text = "@font-face{font-family:'Nunito Sans Variable'}ł";
    expect(cspHash(text)).toBe(`sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}`);
    expect(cspHash('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
  });
});

describe('cspOrigin', () => {
  it('reduces an http(s) URL to its origin and refuses anything else', () => {
    expect(cspOrigin('https://cdn.example.com:8443/media/x.webp')).toBe('https://cdn.example.com:8443');
    expect(cspOrigin('/media')).toBeNull();
    expect(cspOrigin("'unsafe-inline'")).toBeNull();
    expect(cspOrigin('javascript:alert(1)')).toBeNull();
    expect(cspOrigin('https://')).toBeNull();
  });
});

describe('metaPolicyOf', () => {
  it("reads the policy Astro wrote into a pre-rendered file's head", () => {
    const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${ASTRO_HEADER}"><title>x</title></head><body></body></html>`;
    expect(metaPolicyOf(html)).toBe(ASTRO_HEADER);
  });

  it('is null without one and ignores a look-alike in the body', () => {
    expect(metaPolicyOf('<html><head></head><body></body></html>')).toBeNull();
    expect(
      metaPolicyOf(
        `<html><head></head><body><meta http-equiv="content-security-policy" content="script-src *"></body></html>`,
      ),
    ).toBeNull();
  });
});

describe('the offline page (public/offline.html)', () => {
  it('carries its own policy, which allows exactly its inline script and style', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/offline.html'), 'utf8');
    const policy = parse(metaPolicyOf(html) ?? '');
    const inline = (tag: string) =>
      [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => `'${cspHash(match[1]!)}'`);
    expect(inline('script')).toHaveLength(1);
    expect(policy.get('script-src')).toEqual(inline('script'));
    expect(policy.get('style-src')).toEqual(inline('style'));
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });
});
