/**
 * Heart, speech-bubble and text stickers of the offline GIF set (heart-beat, hearts-float,
 * hi, wow, ok, question); make-gifs.ts lists them in GIFS.
 */
import type { GifDef } from './draw';
import {
  TAU,
  FONT,
  n,
  wave,
  clamp01,
  easeOut,
  backOut,
  frac,
  bump,
  at,
  rng,
  HEART_D,
  heart,
  sparkle,
  stickerText,
  shadow,
} from './draw';

export const heartBeat: GifDef = {
  id: 'heart-beat',
  bg: ['#ffe6ee', '#ffc7d7'],
  frames: 14,
  draw: (t) => {
    // "lub-dub": two beats close together, then a rest.
    const beat = 0.16 * bump(t, 0.12, 0.1) + 0.1 * bump(t, 0.33, 0.09);
    const s = 1 + beat;
    const ring = clamp01((t - 0.1) / 0.45);
    const rings =
      ring > 0 && ring < 1
        ? `<circle cx="120" cy="86" r="${n(52 + ring * 46)}" fill="none" stroke="#ff6b8a" stroke-width="${n(5 * (1 - ring))}" opacity="${n((1 - ring) * 0.6 * 100) / 100}"/>`
        : '';
    return (
      rings +
      shadow(120, 158, 44 * (1 - beat * 0.8), 7, 0.12) +
      `<g ${at(120, 88, s)}><path d="${HEART_D}" transform="scale(1.5)" fill="url(#redHeart)" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>` +
      `<ellipse cx="-34" cy="-28" rx="13" ry="8" fill="#fff" opacity="0.5" transform="rotate(-40 -34 -28)"/><circle cx="-18" cy="-40" r="4" fill="#fff" opacity="0.5"/></g>`
    );
  },
};

export const heartsFloat: GifDef = {
  id: 'hearts-float',
  bg: ['#f1e6ff', '#ffd6ea'],
  frames: 16,
  draw: (t) => {
    const colours = ['#ff5c8a', '#ff8fab', '#c86bfa', '#ff6b6b', '#ff9ec4', '#e8264f', '#b57bff'];
    const r = rng(7);
    let out = '';
    // Columns left to right, each with its own start height, so hearts are always spread out.
    const phases = [0.05, 0.55, 0.3, 0.8, 0.15, 0.65, 0.4, 0.9, 0.25];
    for (let k = 0; k < 9; k++) {
      const x0 = 22 + (k * 196) / 8 + (r() - 0.5) * 14;
      const phase = phases[k] ?? 0;
      const size = 24 + r() * 24;
      const colour = colours[k % colours.length] ?? '#ff5c8a';
      const p = frac(t + phase);
      const y = 210 - p * 230;
      const x = x0 + 9 * wave(t, 1, phase * 3);
      const op = clamp01((1 - p) / 0.35);
      out += heart(x, y, size * (0.8 + 0.2 * p), colour, { rot: 10 * wave(t, 1, phase), opacity: op, outline: true });
    }
    return out;
  },
};

export const hi: GifDef = {
  id: 'hi',
  bg: ['#dff0ff', '#b8d9ff'],
  frames: 14,
  draw: (t) => {
    // One bounce per loop with squash on landing (t = 0).
    const h = Math.sin(Math.PI * t);
    const lift = 34 * h;
    const squash = Math.max(0, 1 - h * 4) * 0.14;
    const sx = 1 + squash;
    const sy = 1 - squash;
    const wiggle = 6 * Math.sin(Math.PI * t) * wave(t, 1, 0.25);
    const sp = clamp01(1 - h * 3);
    return (
      shadow(120, 163, 58 * (1 - h * 0.35), 7, 0.14 * (1 - h * 0.4)) +
      `<g ${at(120, 152 - lift, [sx, sy], wiggle)}>` +
      `<path d="M-66 -112 H66 A18 18 0 0 1 84 -94 V-32 A18 18 0 0 1 66 -14 H-10 L-30 2 L-32 -14 H-66 A18 18 0 0 1 -84 -32 V-94 A18 18 0 0 1 -66 -112 Z" fill="#fff"/>` +
      `<text x="0" y="-42" font-size="52" ${FONT} text-anchor="middle" fill="#ff5c8a">Hi!</text>` +
      `</g>` +
      sparkle(32, 60, 12 * sp, '#fff') +
      sparkle(212, 52, 10 * sp, '#fff') +
      sparkle(202, 122, 7 * sp, '#ffe36a')
    );
  },
};

export const wow: GifDef = {
  id: 'wow',
  bg: ['#fff4c4', '#ffdf8a'],
  frames: 14,
  startFrame: 13,
  delay: (i) => (i === 13 ? 300 : 80),
  draw: (t, i) => {
    // Zoom in with overshoot over frames 0-5, then a small throb.
    const zoom = i <= 5 ? 0.15 + 0.85 * backOut(i / 5) : 1 + 0.05 * Math.sin(((i - 5) / 8) * TAU);
    const burstPts: string[] = [];
    for (let k = 0; k < 28; k++) {
      const a = (k / 28) * TAU;
      const r = k % 2 ? 52 : 74 + (k % 4 === 0 ? 6 : 0);
      burstPts.push(`${n(Math.cos(a) * r * 1.38)},${n(Math.sin(a) * r)}`);
    }
    const bz = i <= 5 ? 0.3 + 0.7 * easeOut(i / 4) : 1;
    const lines = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((k) => {
        const a = (k / 8) * TAU + 0.4;
        const p = i <= 5 ? 0 : frac((i - 6) / 8 + k * 0.37);
        const r1 = 92 + p * 20;
        const r2 = r1 + 12;
        return `<line x1="${n(120 + Math.cos(a) * r1 * 1.2)}" y1="${n(90 + Math.sin(a) * r1 * 0.85)}" x2="${n(120 + Math.cos(a) * r2 * 1.2)}" y2="${n(90 + Math.sin(a) * r2 * 0.85)}" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="${n((1 - p) * 100) / 100}"/>`;
      })
      .join('');
    return (
      lines +
      `<g ${at(120, 90, bz, -4)}><polygon points="${burstPts.join(' ')}" fill="#ff8a5c" stroke="#fff" stroke-width="6" stroke-linejoin="round"/></g>` +
      `<g ${at(120, 90, zoom, -6)}>${stickerText(0, 14, 'Wow!', 40, '#ffe34d', '#c2452a')}</g>`
    );
  },
};

export const ok: GifDef = {
  id: 'ok',
  bg: ['#e6f9ec', '#c4eed2'],
  frames: 16,
  startFrame: 15,
  delay: (i) => (i === 15 ? 700 : 70),
  draw: (_t, i) => {
    const pop = i <= 4 ? backOut(i / 4) : 1;
    // Check mark "M-20 2 L-6 16 L22 -14": lengths 19.8 + 41 = 60.8.
    const draw = clamp01((i - 3) / 5);
    const len = 61;
    const okPop = i >= 8 ? backOut((i - 8) / 3) : 0;
    const ring = i >= 8 && i <= 12 ? (i - 8) / 4 : -1;
    return (
      (ring >= 0
        ? `<circle cx="120" cy="76" r="${n(50 + ring * 26)}" fill="none" stroke="#4fd68f" stroke-width="${n(6 * (1 - ring))}" opacity="${n((1 - ring) * 100) / 100}"/>`
        : '') +
      `<g ${at(120, 76, pop * 1.6)}>` +
      `<circle r="30" fill="url(#okG)" stroke="#fff" stroke-width="3"/>` +
      `<ellipse cx="-12" cy="-18" rx="9" ry="5" fill="#fff" opacity="0.3" transform="rotate(-30 -12 -18)"/>` +
      (draw > 0
        ? `<path d="M-14 1 L-4 11 L15 -10" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${len}" stroke-dashoffset="${n(len * (1 - draw))}"/>`
        : '') +
      `</g>` +
      (okPop > 0 ? `<g ${at(120, 150, okPop)}>${stickerText(0, 13, 'OK', 36, '#22b46b', '#1b8d55')}</g>` : '')
    );
  },
};

export const question: GifDef = {
  id: 'question',
  bg: ['#efe9ff', '#d5c9ff'],
  frames: 14,
  draw: (t) => {
    const h = Math.sin(Math.PI * t);
    const lift = 30 * h;
    const squash = Math.max(0, 1 - h * 4) * 0.16;
    const tilt = 12 * wave(t, 1);
    const small = (x: number, y: number, ph: number, rot: number) => {
      const v = 0.5 + 0.5 * wave(t, 1, ph);
      return `<g ${at(x, y - 6 * v, 0.7 + 0.3 * v, rot)} opacity="${n((0.3 + 0.7 * v) * 100) / 100}">${stickerText(0, 10, '?', 28, '#a58bff', '#8f73f0')}</g>`;
    };
    return (
      shadow(120, 164, 40 * (1 - h * 0.4), 6, 0.14 * (1 - h * 0.4)) +
      small(52, 70, 0, -18) +
      small(190, 60, 0.5, 16) +
      `<g ${at(120, 160 - lift, [1 + squash, 1 - squash], tilt)}>${stickerText(0, -12, '?', 120, '#7c5cff', '#5a3fd6')}</g>`
    );
  },
};
