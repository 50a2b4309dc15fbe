/**
 * Smiley-face stickers of the offline GIF set (wink, laugh, blush, kiss, sad), drawn
 * with the face helpers of ./draw.ts; make-gifs.ts lists them in GIFS.
 */
import type { GifDef } from './draw';
import {
  TAU,
  n,
  wave,
  clamp01,
  easeOut,
  frac,
  bump,
  at,
  heart,
  sparkle,
  stickerText,
  shadow,
  INK,
  faceBase,
  eye,
  happyEye,
  cheeks,
  smile,
} from './draw';

export const wink: GifDef = {
  id: 'wink',
  bg: ['#dcf7ee', '#b8ecdc'],
  frames: 14,
  delay: (i) => (i === 0 ? 400 : 80),
  draw: (t, i) => {
    // Right eye: open, closes over frames 3-5, stays shut 6-9, reopens 10-11.
    const openness = [1, 1, 1, 0.6, 0.3, 0.1, 0, 0, 0, 0, 0.3, 0.7, 1, 1][i] ?? 1;
    const tilt = -8 * (1 - openness);
    const sp = i >= 6 && i <= 10 ? ([0.6, 1, 1, 0.8, 0.4][i - 6] ?? 0) : 0;
    return (
      shadow(120, 160, 50, 7) +
      `<g ${at(120, 90, 1.05, tilt)}>${faceBase()}${eye(-21, -10)}${eye(21, -10, openness)}` +
      `${cheeks(0.45 + 0.2 * (1 - openness))}${smile(22, 16, 18 + 4 * (1 - openness))}</g>` +
      sparkle(186, 42, 14 * sp, '#ffffff', 1, 15) +
      sparkle(200, 66, 7 * sp, '#ffe36a')
    );
  },
};

export const laugh: GifDef = {
  id: 'laugh',
  bg: ['#ffeede', '#ffd2ab'],
  frames: 12,
  delay: () => 70,
  draw: (t) => {
    const rot = 8 * wave(t, 2);
    const dy = -5 * Math.abs(wave(t, 2));
    const letters = ['H', 'a', 'h', 'a'];
    let text = '';
    letters.forEach((ch, k) => {
      const y = 44 - 7 * Math.max(0, wave(t, 2, -k * 0.12));
      text += stickerText(84 + k * 24, y, ch, 34, '#ff6a3d', '#e0854f');
    });
    const tearOff = 4 * Math.abs(wave(t, 2));
    const tear = (x: number, dir: number) =>
      `<path ${at(x + dir * tearOff, -6 + tearOff, 1, dir * -30)} d="M0 -9 C5 -2 8 3 8 7 C8 12 4 15 0 15 C-4 15 -8 12 -8 7 C-8 3 -5 -2 0 -9 Z" fill="#7cc8ff" stroke="#fff" stroke-width="2"/>`;
    return (
      shadow(120, 166, 46, 6) +
      text +
      `<g ${at(120, 116 + dy, 0.82, rot)}>${faceBase()}` +
      `<path d="M-30 -16 L-14 -9 L-30 -2" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M30 -16 L14 -9 L30 -2" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M-30 8 Q0 6 30 8 Q28 46 0 46 Q-28 46 -30 8 Z" fill="#8a2f36"/>` +
      `<path d="M-16 40 Q0 28 16 40 Q8 46 0 46 Q-8 46 -16 40 Z" fill="#ff7a8c"/>` +
      `<path d="M-28 9 Q0 7 28 9 L27 15 Q0 13 -27 15 Z" fill="#fff"/>` +
      `${cheeks(0.5, 1, 16)}${tear(-44, -1)}${tear(44, 1)}</g>`
    );
  },
};

export const blush: GifDef = {
  id: 'blush',
  bg: ['#fff0f4', '#ffd3e0'],
  frames: 14,
  draw: (t) => {
    const pulse = 0.5 + 0.5 * wave(t, 1, -0.25);
    const sway = 4 * wave(t, 1);
    const hearts = [0, 1, 2]
      .map((k) => {
        const p = frac(t + k / 3);
        const x = [58, 186, 196][k] ?? 0;
        const y = ([70, 56, 112][k] ?? 0) - p * 22;
        return heart(x, y, 14 + 6 * Math.sin(Math.PI * p), '#ff6b8a', { opacity: Math.sin(Math.PI * p), shine: false });
      })
      .join('');
    return (
      shadow(120, 160, 50, 7) +
      hearts +
      `<g ${at(120, 92, 1.05, sway)}>${faceBase()}${happyEye(-21, -6, 8)}${happyEye(21, -6, 8)}` +
      `${cheeks(0.35 + 0.5 * pulse, 1 + 0.25 * pulse, 12)}` +
      `<path d="M-9 22 Q-4 27 0 23 Q4 27 9 22" fill="none" stroke="${INK}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></g>`
    );
  },
};

export const kiss: GifDef = {
  id: 'kiss',
  bg: ['#f4e8ff', '#e2cdfb'],
  frames: 16,
  draw: (t) => {
    // Two small hearts leave the lips in turn and float up to the right.
    const hearts = [0, 0.5]
      .map((ph) => {
        const p = frac(t - ph);
        const e = easeOut(p);
        const x = 122 + e * 82;
        const y = 112 - e * 70 + 6 * Math.sin(p * TAU);
        const op = p < 0.1 ? p / 0.1 : clamp01((1 - p) / 0.3);
        return heart(x, y, 10 + 26 * easeOut(p * 1.4), '#ff4f7b', { rot: 14 - 20 * p, opacity: op, outline: true });
      })
      .join('');
    const pucker = 1 + 0.12 * bump(t, 0, 0.12) + 0.12 * bump(t, 0.5, 0.12);
    return (
      shadow(92, 162, 46, 6) +
      `<g ${at(92, 96, 0.98, -6)}>${faceBase()}${eye(-22, -12)}${happyEye(20, -10, 9)}${cheeks(0.5, 1, 12)}` +
      `<g ${at(8, 24, pucker)}><ellipse cx="0" cy="-5" rx="8" ry="5.5" fill="#ff4f7b"/><ellipse cx="0" cy="5" rx="8.5" ry="6" fill="#e8366b"/>` +
      `<path d="M-6 0 Q0 2 6 0" stroke="#b51f4c" stroke-width="2" stroke-linecap="round" fill="none"/><ellipse cx="-3" cy="-6" rx="2.5" ry="1.5" fill="#fff" opacity="0.6"/></g></g>` +
      hearts
    );
  },
};

export const sad: GifDef = {
  id: 'sad',
  bg: ['#e6eef9', '#c7d6ee'],
  frames: 16,
  draw: (t) => {
    const p = frac(t);
    // The tear wells up (p < 0.25), rolls down the cheek and falls off, fading.
    const grow = easeOut(p / 0.25);
    const fall = clamp01((p - 0.25) / 0.75);
    const ty = 4 + fall * fall * 64;
    const tx = -23 - fall * 4;
    const op = fall > 0.75 ? (1 - fall) / 0.25 : 1;
    const bob = 2 * wave(t, 1);
    return (
      shadow(120, 162, 48, 6) +
      `<g ${at(120, 92 + bob, 1.02)}>${faceBase()}` +
      `<path d="M-34 -26 Q-24 -28 -14 -34" fill="none" stroke="${INK}" stroke-width="4.5" stroke-linecap="round"/>` +
      `<path d="M34 -26 Q24 -28 14 -34" fill="none" stroke="${INK}" stroke-width="4.5" stroke-linecap="round"/>` +
      `${eye(-22, -8)}${eye(22, -8)}` +
      `<path d="M-16 30 Q0 18 16 30" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>` +
      `<g ${at(tx, ty, 0.5 + 0.5 * grow)} opacity="${n(op * 100) / 100}"><path d="M0 -11 C6 -3 9 3 9 8 C9 14 5 17 0 17 C-5 17 -9 14 -9 8 C-9 3 -6 -3 0 -11 Z" fill="#5db4ff" stroke="#fff" stroke-width="2.5"/>` +
      `<ellipse cx="-3" cy="6" rx="2" ry="3.5" fill="#fff" opacity="0.7"/></g></g>`
    );
  },
};
