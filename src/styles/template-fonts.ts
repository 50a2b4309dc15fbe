/**
 * The self-hosted fonts of the three templates (variable woff2 from
 * @fontsource-variable, latin and latin-ext subsets only). Vite copies each
 * file into `_astro/` with a content hash, so fonts come from our own origin.
 */
import nunitoLatin from '@fontsource-variable/nunito-sans/files/nunito-sans-latin-wght-normal.woff2?url';
import nunitoLatinExt from '@fontsource-variable/nunito-sans/files/nunito-sans-latin-ext-wght-normal.woff2?url';
import groteskLatin from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url';
import groteskLatinExt from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-ext-wght-normal.woff2?url';
import playfairLatin from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';
import playfairLatinExt from '@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2?url';
import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import figtreeLatinExt from '@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url';

export type TemplateName = 'classic' | 'boxy' | 'lavish';

/** One variable font family: its CSS name, weight range and the two subset files. */
export interface FontFamily {
  family: string;
  weights: string;
  latin: string;
  latinExt: string;
}

// The unicode ranges of fontsource's latin and latin-ext subsets (English, Dutch, German, French,
// Italian and Spanish need only latin; Polish letters such as ł and ś come from latin-ext).
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT_RANGE =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

const NUNITO_SANS: FontFamily = {
  family: 'Nunito Sans Variable',
  weights: '200 1000',
  latin: nunitoLatin,
  latinExt: nunitoLatinExt,
};
const SPACE_GROTESK: FontFamily = {
  family: 'Space Grotesk Variable',
  weights: '300 700',
  latin: groteskLatin,
  latinExt: groteskLatinExt,
};
const PLAYFAIR: FontFamily = {
  family: 'Playfair Display Variable',
  weights: '400 900',
  latin: playfairLatin,
  latinExt: playfairLatinExt,
};
const FIGTREE: FontFamily = {
  family: 'Figtree Variable',
  weights: '300 900',
  latin: figtreeLatin,
  latinExt: figtreeLatinExt,
};

/** Each template's heading (display) and body family; classic and boxy use one family for both. */
export const TEMPLATE_FONTS: Record<TemplateName, { display: FontFamily; body: FontFamily }> = {
  classic: { display: NUNITO_SANS, body: NUNITO_SANS },
  boxy: { display: SPACE_GROTESK, body: SPACE_GROTESK },
  lavish: { display: PLAYFAIR, body: FIGTREE },
};

/** The distinct families of a template (one for classic and boxy, two for lavish). */
export function templateFamilies(template: TemplateName): FontFamily[] {
  const { display, body } = TEMPLATE_FONTS[template];
  return display === body ? [display] : [display, body];
}

/** `@font-face` rules of one family: latin and latin-ext by unicode range, `font-display: swap`. */
export function fontFaceCss(font: FontFamily): string {
  return [
    [font.latinExt, LATIN_EXT_RANGE],
    [font.latin, LATIN_RANGE],
  ]
    .map(
      ([url, range]) =>
        `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:${font.weights};src:url(${url}) format('woff2');unicode-range:${range}}`,
    )
    .join('');
}

/** `@font-face` rules of a template's families. */
export function templateFontFaceCss(template: TemplateName): string {
  return templateFamilies(template).map(fontFaceCss).join('');
}

/** The woff2 files worth preloading on a page of this template: the latin subset of each family. */
export function templateFontPreloads(template: TemplateName): string[] {
  return templateFamilies(template).map((font) => font.latin);
}
