/**
 * The site's template on its landers: each design keeps its concept and
 * layout, but colours, corner radii and the heading typeface come from the
 * site's template (classic, boxy, lavish). A design is light or dark by nature
 * (a video hero stays dark); the template supplies a palette for either tone.
 */
import nunitoLatin from '@fontsource/nunito-sans/files/nunito-sans-latin-800-normal.woff2?url';
import nunitoLatinExt from '@fontsource/nunito-sans/files/nunito-sans-latin-ext-800-normal.woff2?url';
import groteskLatin from '@fontsource/space-grotesk/files/space-grotesk-latin-700-normal.woff2?url';
import groteskLatinExt from '@fontsource/space-grotesk/files/space-grotesk-latin-ext-700-normal.woff2?url';
import playfairLatin from '@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url';
import playfairLatinExt from '@fontsource/playfair-display/files/playfair-display-latin-ext-600-normal.woff2?url';
import type { LanderDesign } from '~/shared/landers/lander-slug';
import { fontFaceCss, type FontFamily, type TemplateName } from '~/styles/template-fonts';

/** Whether a design is drawn on light or dark surfaces. */
export const LANDER_TONES: Record<LanderDesign, 'light' | 'dark'> = {
  video: 'dark',
  gallery: 'light',
  maplanding: 'dark',
  alonetonight: 'dark',
  iconslanding: 'light',
  socialnetwork: 'light',
  collagelanding: 'dark',
  transitionsvideolanding: 'dark',
};

/** Lander tokens (`--l-*`, see lander-base.css) of one template and tone. */
type Palette = Record<
  'bg' | 'fg' | 'muted' | 'surface' | 'surface-2' | 'line' | 'footer-bg' | 'accent' | 'accent-fg' | 'focus' | 'glow',
  string
>;
interface Skin {
  light: Palette;
  dark: Palette;
  /** Card and panel radius, CTA radius and a CTA background other than the accent (a gradient). */
  shape: { radius: string; 'cta-radius': string; 'cta-bg'?: string };
}

const LAVISH: Palette = {
  bg: '#170b16',
  fg: '#f8ecf2',
  muted: '#cdb3c2',
  surface: '#24111f',
  'surface-2': '#2f1729',
  line: '#4a2a44',
  'footer-bg': '#110810',
  accent: '#e6a57e',
  'accent-fg': '#1d0c17',
  focus: '#f2bd98',
  glow: '#6b2a5c',
};

/** Each template's lander palettes; the colours match the app's tokens of that template. */
export const TEMPLATE_SKINS: Record<TemplateName, Skin> = {
  classic: {
    light: {
      bg: '#fff7f5',
      fg: '#2a1f24',
      muted: '#6b5a62',
      surface: '#ffffff',
      'surface-2': '#ffe3e7',
      line: '#f0dcd9',
      'footer-bg': '#fff0ee',
      accent: '#d6304f',
      'accent-fg': '#ffffff',
      focus: '#2463eb',
      glow: '#ffd0d8',
    },
    dark: {
      bg: '#1e0c14',
      fg: '#ffffff',
      muted: '#f0d5de',
      surface: '#2c1420',
      'surface-2': '#3a1a2a',
      line: '#ffffff29',
      'footer-bg': '#16080e',
      accent: '#ff6b86',
      'accent-fg': '#1a0a10',
      focus: '#ffbf47',
      glow: '#8f2c70',
    },
    shape: { radius: '1rem', 'cta-radius': '999px' },
  },
  boxy: {
    light: {
      bg: '#f1f1f3',
      fg: '#111114',
      muted: '#4d4d57',
      surface: '#ffffff',
      'surface-2': '#ede9fe',
      line: '#111114',
      'footer-bg': '#e4e4ea',
      accent: '#6d28d9',
      'accent-fg': '#ffffff',
      focus: '#111114',
      glow: '#ede9fe',
    },
    dark: {
      bg: '#111114',
      fg: '#ffffff',
      muted: '#c8c8d0',
      surface: '#1c1c21',
      'surface-2': '#26262d',
      line: '#ffffff33',
      'footer-bg': '#0a0a0c',
      accent: '#a78bfa',
      'accent-fg': '#111114',
      focus: '#a78bfa',
      glow: '#2e1065',
    },
    shape: { radius: '0', 'cta-radius': '2px' },
  },
  // Lavish is an evening template: light designs turn to its plum surfaces too.
  lavish: {
    light: LAVISH,
    dark: LAVISH,
    shape: { radius: '1.5rem', 'cta-radius': '999px', 'cta-bg': 'linear-gradient(135deg,#f6d3b1,#e6a57e 45%,#d98aa6)' },
  },
};

/**
 * The heading face a lander of this template loads: the template's display
 * family as one static weight (a third to a half of the variable file, so a
 * lander stays light), declared for every weight so none is synthesised.
 */
export const LANDER_DISPLAY_FONTS: Record<TemplateName, FontFamily> = {
  classic: { family: 'Nunito Sans', weights: '100 1000', latin: nunitoLatin, latinExt: nunitoLatinExt },
  boxy: { family: 'Space Grotesk', weights: '100 1000', latin: groteskLatin, latinExt: groteskLatinExt },
  lavish: { family: 'Playfair Display', weights: '100 1000', latin: playfairLatin, latinExt: playfairLatinExt },
};

/** The display (heading) font a lander of this template loads; its latin file is preloaded. */
export function landerDisplayFont(template: TemplateName): FontFamily {
  return LANDER_DISPLAY_FONTS[template];
}

/** A few rules beyond tokens: lavish's serif at a regular weight and natural tracking; boxy's flat CTA. */
const TEMPLATE_EXTRAS: Record<TemplateName, string> = {
  classic: '',
  boxy: 'html.lander .l-cta{box-shadow:none}html.lander .l-cta:hover{transform:none}',
  lavish: 'html.lander h1,html.lander h2{font-weight:600;letter-spacing:0}',
};

/**
 * The inline CSS giving a lander its site's template: the `--l-*` tokens of
 * the design's tone, the shape tokens and the heading face (`@font-face`,
 * `font-display: swap`). `html.lander` outranks a design's own defaults.
 */
export function landerSkinCss(template: TemplateName, design: LanderDesign): string {
  const skin = TEMPLATE_SKINS[template];
  const font = landerDisplayFont(template);
  const palette = skin[LANDER_TONES[design]];
  const tokens = { ...palette, 'cta-bg': palette.accent, ...skin.shape };
  const vars = Object.entries(tokens)
    .map(([name, value]) => `--l-${name}:${value}`)
    .join(';');
  const fallback = template === 'lavish' ? 'Georgia,serif' : 'system-ui,sans-serif';
  return `${fontFaceCss(font)}html.lander{${vars};--l-font-display:'${font.family}',${fallback}}${TEMPLATE_EXTRAS[template]}`;
}
