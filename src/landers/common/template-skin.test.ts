import { describe, expect, it } from 'vitest';
import { LANDER_DESIGNS } from '~/shared/landers/lander-slug';
import { LANDER_TONES, landerSkinCss, TEMPLATE_SKINS } from './template-skin';

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('lander template skins', () => {
  it('gives every design a tone', () => {
    expect(Object.keys(LANDER_TONES).sort()).toEqual([...LANDER_DESIGNS].sort());
  });

  for (const [template, skin] of Object.entries(TEMPLATE_SKINS)) {
    for (const tone of ['light', 'dark'] as const) {
      it(`${template} ${tone}: text, muted text and CTA text pass WCAG AA, the accent stands out from the page`, () => {
        const p = skin[tone];
        expect(contrast(p.fg, p.bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.fg, p.surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.muted, p.bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.muted, p.surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p['accent-fg'], p.accent)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.accent, p.bg)).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it('writes the tone tokens, the shape and the heading face into the lander CSS', () => {
    const css = landerSkinCss('lavish', 'gallery');
    expect(css).toContain('--l-bg:#170b16');
    expect(css).toContain('--l-accent:#e6a57e');
    expect(css).toContain('--l-radius:1.5rem');
    expect(css).toContain("--l-font-display:'Playfair Display',Georgia,serif");
    expect(css).toMatch(
      /@font-face\{font-family:'Playfair Display';font-style:normal;font-display:swap;[^}]*latin-600-normal[^}]*\.woff2\) format\('woff2'\)/,
    );
    // A dark design on classic gets classic's dark palette, a light one the light palette.
    expect(landerSkinCss('classic', 'video')).toContain(`--l-bg:${TEMPLATE_SKINS.classic.dark.bg}`);
    expect(landerSkinCss('classic', 'gallery')).toContain(`--l-bg:${TEMPLATE_SKINS.classic.light.bg}`);
  });
});
