/**
 * Drawing helpers for scripts/make-gifs.ts: the GifDef type, canvas constants, easing and
 * periodic-motion functions, shapes (hearts, sparkles, sticker text, smiley faces) and svgFrame.
 */

export const W = 240;
export const H = 180;
export const TAU = Math.PI * 2;
export const FONT = `font-family="DejaVu Sans" font-weight="bold"`;

export interface GifDef {
  id: string;
  /** Background: [top colour, bottom colour] of a vertical gradient. */
  bg: [string, string];
  frames: number;
  /** Delay of frame `i` in ms (default 80). */
  delay?: (i: number) => number;
  /** Frame the GIF starts with (the loop is rotated), so that the first frame, shown where
   *  animation is off, is a complete picture. Default 0. */
  startFrame?: number;
  /** Draws frame `i`; `t` runs from 0 to just below 1, so periodic motion loops seamlessly. */
  draw: (t: number, i: number) => string;
}

/** Rounds for compact SVG numbers. */
export const n = (v: number) => Math.round(v * 10) / 10;
export const wave = (t: number, cycles = 1, phase = 0) => Math.sin(TAU * (t * cycles + phase));
export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
export const easeOut = (v: number) => 1 - (1 - clamp01(v)) ** 3;
export const easeInOut = (v: number) => {
  const x = clamp01(v);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};
/** Overshooting ease ("back out") for pops. */
export const backOut = (v: number) => {
  const x = clamp01(v) - 1;
  const c = 2.2;
  return 1 + (c + 1) * x ** 3 + c * x ** 2;
};
/** Fractional part, always positive. */
export const frac = (v: number) => v - Math.floor(v);
/** A smooth 0→1→0 bump centred at `at` with half-width `width` (periodic over t). */
export const bump = (t: number, at: number, width: number) => {
  let d = Math.abs(frac(t - at + 0.5) - 0.5) / width;
  d = clamp01(d);
  return 0.5 + 0.5 * Math.cos(Math.PI * d);
};

/** A group transform: move to (x, y), rotate by `rot` degrees and scale, about the local origin. */
export const at = (x: number, y: number, s: number | [number, number] = 1, rot = 0) => {
  const [sx, sy] = typeof s === 'number' ? [s, s] : s;
  return `transform="translate(${n(x)} ${n(y)})${rot ? ` rotate(${n(rot)})` : ''}${sx !== 1 || sy !== 1 ? ` scale(${Math.round(sx * 1000) / 1000} ${Math.round(sy * 1000) / 1000})` : ''}"`;
};

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Heart path centred on the origin, 100 units wide. */
export const HEART_D =
  'M0 42 C-4 38 -42 14 -42 -14 C-42 -30 -30 -40 -18 -40 C-9 -40 -3 -35 0 -28 C3 -35 9 -40 18 -40 C30 -40 42 -30 42 -14 C42 14 4 38 0 42 Z';

/** A heart of width `size` at (x, y), with a soft highlight. */
export function heart(
  x: number,
  y: number,
  size: number,
  fill: string,
  opts: { rot?: number; opacity?: number; shine?: boolean; outline?: boolean } = {},
) {
  const s = size / 84;
  const op = opts.opacity !== undefined && opts.opacity < 1 ? ` opacity="${n(opts.opacity)}"` : '';
  const outline = opts.outline ? ` stroke="#fff" stroke-width="${n(7 / s) / 1}" stroke-linejoin="round"` : '';
  const shine =
    opts.shine !== false
      ? `<ellipse cx="-22" cy="-20" rx="9" ry="6" fill="#fff" opacity="0.45" transform="rotate(-40 -22 -20)"/>`
      : '';
  return `<g ${at(x, y, s, opts.rot ?? 0)}${op}><path d="${HEART_D}" fill="${fill}"${outline}/>${shine}</g>`;
}

/** A four-pointed sparkle of radius `r`. */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 1, rot = 0) {
  if (r <= 0.3 || opacity <= 0.02) return '';
  const q = r * 0.18;
  return `<path ${at(x, y, 1, rot)} d="M0 ${n(-r)} Q${n(q)} ${n(-q)} ${n(r)} 0 Q${n(q)} ${n(q)} 0 ${n(r)} Q${n(-q)} ${n(q)} ${n(-r)} 0 Q${n(-q)} ${n(-q)} 0 ${n(-r)} Z" fill="${fill}"${opacity < 1 ? ` opacity="${n(opacity)}"` : ''}/>`;
}

/** Sticker text: a drop shadow, a thick white outline and the coloured fill. */
export function stickerText(x: number, y: number, str: string, size: number, fill: string, shadow: string, extra = '') {
  const common = `x="${n(x)}" y="${n(y)}" font-size="${size}" ${FONT} text-anchor="middle"${extra}`;
  const sw = n(size * 0.2);
  return (
    `<text ${common} dy="${n(size * 0.07)}" fill="${shadow}" stroke="${shadow}" stroke-width="${sw}" stroke-linejoin="round">${str}</text>` +
    `<text ${common} fill="#fff" stroke="#fff" stroke-width="${sw}" stroke-linejoin="round">${str}</text>` +
    `<text ${common} fill="${fill}">${str}</text>`
  );
}

/** A soft ground shadow. */
export const shadow = (x: number, y: number, rx: number, ry: number, opacity = 0.1) =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="#5a3050" opacity="${n(opacity * 100) / 100}"/>`;

export const INK = '#4a2a22';
export const CHEEK = '#ff7d9c';

/** The round yellow smiley base (radius 60, centred on the local origin) with a white sticker rim. */
export const faceBase = () =>
  `<circle r="60" fill="url(#face)" stroke="#fff" stroke-width="6"/>` +
  `<ellipse cx="-24" cy="-34" rx="17" ry="9" fill="#fff" opacity="0.4" transform="rotate(-32 -24 -34)"/>`;

/** An open eye; `open` 1 = fully open, below ~0.25 it is drawn as a closed happy arc. */
export function eye(x: number, y: number, open = 1) {
  if (open < 0.25)
    return `<path d="M${x - 9} ${y + 2} Q${x} ${y - 7} ${x + 9} ${y + 2}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`;
  return (
    `<ellipse cx="${x}" cy="${y}" rx="7" ry="${n(10 * open)}" fill="${INK}"/>` +
    (open > 0.6 ? `<circle cx="${x + 2.5}" cy="${n(y - 4 * open)}" r="2.6" fill="#fff"/>` : '')
  );
}
/** A closed, smiling eye (an upward arc). */
export const happyEye = (x: number, y: number, w = 9) =>
  `<path d="M${x - w} ${y + 3} Q${x} ${y - 8} ${x + w} ${y + 3}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`;
export const cheeks = (opacity = 0.55, s = 1, y = 14) =>
  `<ellipse cx="-37" cy="${y}" rx="${n(11 * s)}" ry="${n(7 * s)}" fill="${CHEEK}" opacity="${n(opacity * 100) / 100}"/>` +
  `<ellipse cx="37" cy="${y}" rx="${n(11 * s)}" ry="${n(7 * s)}" fill="${CHEEK}" opacity="${n(opacity * 100) / 100}"/>`;
export const smile = (w = 22, y = 16, depth = 18) =>
  `<path d="M${-w} ${y} Q0 ${y + depth} ${w} ${y}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`;

/** Defs shared by every frame. */
const DEFS = `
<linearGradient id="face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe36a"/><stop offset="1" stop-color="#ffbb38"/></linearGradient>
<linearGradient id="steam" gradientUnits="userSpaceOnUse" x1="0" y1="82" x2="0" y2="18"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<radialGradient id="sunG" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffe98a"/><stop offset="1" stop-color="#ffb938"/></radialGradient>
<linearGradient id="hill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fdca0"/><stop offset="1" stop-color="#5fc487"/></linearGradient>
<linearGradient id="redHeart" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b8a"/><stop offset="1" stop-color="#e8264f"/></linearGradient>
<linearGradient id="mug" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ff8fab"/><stop offset="1" stop-color="#f0668c"/></linearGradient>
<linearGradient id="okG" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4fd68f"/><stop offset="1" stop-color="#22b46b"/></linearGradient>
<clipPath id="bowl"><path d="M-25 -104 C-27 -64 -14 -46 0 -46 C14 -46 27 -64 25 -104 Z"/></clipPath>
<mask id="crescent"><circle r="50" fill="#fff"/><circle cx="26" cy="-16" r="44" fill="#000"/></mask>
<linearGradient id="wine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e0407a"/><stop offset="1" stop-color="#b01e55"/></linearGradient>`;

export function svgFrame(def: GifDef, t: number, i: number, width: number, height: number) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${DEFS}<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${def.bg[0]}"/><stop offset="1" stop-color="${def.bg[1]}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    def.draw(t, i) +
    `</svg>`
  );
}
