import { describe, expect, it } from 'vitest';
import { resolveLanderCopy, withCopyVariant } from './lander-copy';
import { landerContentSchema } from './content-schema';

const content = landerContentSchema.parse({
  title: '{{site}} – meet',
  description: 'Join {{site}} free',
  headline: 'Common headline',
  subheadline: 'Common sub',
  cta: 'Go',
  trust: 'Free',
  testimonials: [{ quote: 'Found love on {{site}}', name: 'Ann', age: 30, city: 'Rome' }],
  niches: { milf: { headline: 'MILF headline on {{site}}' } },
});

describe('resolveLanderCopy (docs/product.md §4 niches)', () => {
  it('keeps the common copy for niche 1 and fills the site name everywhere', () => {
    const copy = resolveLanderCopy(content, 1, 'Amora');
    expect(copy.headline).toBe('Common headline');
    expect(copy.title).toBe('Amora – meet');
    expect(copy.testimonials[0]?.quote).toBe('Found love on Amora');
    expect(copy).not.toHaveProperty('niches');
  });
  it('lets a niche override win field by field', () => {
    const copy = resolveLanderCopy(content, 6, 'Amora');
    expect(copy.headline).toBe('MILF headline on Amora');
    expect(copy.subheadline).toBe('Common sub');
  });
  it('falls back to the common copy for a niche without overrides', () => {
    expect(resolveLanderCopy(content, 7, 'Amora').headline).toBe('Common headline');
  });
});

describe('withCopyVariant (docs/product.md §12 copy variants)', () => {
  it("replaces the variant's texts, over the niche overrides too, and keeps the rest", () => {
    const variant = withCopyVariant(content, { headline: 'Say hello on {{site}}', cta: 'Chat now' });
    expect(resolveLanderCopy(variant, 1, 'Amora')).toMatchObject({
      headline: 'Say hello on Amora',
      cta: 'Chat now',
      subheadline: 'Common sub',
    });
    expect(resolveLanderCopy(variant, 6, 'Amora').headline).toBe('Say hello on Amora');
    expect(resolveLanderCopy(withCopyVariant(content, { cta: 'Chat now' }), 6, 'Amora').headline).toBe(
      'MILF headline on Amora',
    );
    expect(withCopyVariant(content, null)).toBe(content);
  });
});
