/**
 * Object and scene stickers of the offline GIF set (coffee, good-morning, good-night,
 * party, hot, cheers); make-gifs.ts lists them in GIFS.
 */
import type { GifDef } from './draw';
import {
  TAU,
  FONT,
  n,
  wave,
  easeOut,
  easeInOut,
  frac,
  bump,
  at,
  rng,
  heart,
  sparkle,
  shadow,
  INK,
  CHEEK,
  happyEye,
} from './draw';

export const coffee: GifDef = {
  id: 'coffee',
  bg: ['#fdf3e6', '#f3d9bd'],
  frames: 14,
  draw: (t) => {
    const steam = [92, 112, 132]
      .map((x0, k) => {
        const pts: string[] = [];
        for (let y = 80; y >= 16; y -= 4) {
          const h = (80 - y) / 64;
          const x = x0 + (3 + 7 * h) * Math.sin(y / 9 + TAU * t + k * 2.1);
          pts.push(`${n(x)} ${y}`);
        }
        return `<path d="M${pts.join(' L')}" fill="none" stroke="url(#steam)" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
      })
      .join('');
    return (
      shadow(120, 162, 72, 9, 0.12) +
      `<ellipse cx="120" cy="154" rx="70" ry="12" fill="#fff"/><ellipse cx="120" cy="152" rx="44" ry="6" fill="#f1e3d3"/>` +
      // handle
      `<path d="M150 102 C178 98 180 136 148 136" fill="none" stroke="#f0668c" stroke-width="11" stroke-linecap="round"/>` +
      // body
      `<path d="M74 86 H156 V126 Q156 152 130 152 H100 Q74 152 74 126 Z" fill="url(#mug)"/>` +
      `<ellipse cx="115" cy="86" rx="41" ry="8" fill="#ffc2d3"/><ellipse cx="115" cy="87" rx="35" ry="5.5" fill="#8a5232"/>` +
      `<ellipse cx="106" cy="86" rx="10" ry="2" fill="#b07650"/>` +
      heart(115, 120, 28, '#fff', { shine: false }) +
      `<rect x="82" y="96" width="6" height="34" rx="3" fill="#fff" opacity="0.35"/>` +
      steam
    );
  },
};

export const goodMorning: GifDef = {
  id: 'good-morning',
  bg: ['#bfe6ff', '#ffe6c7'],
  frames: 16,
  startFrame: 15,
  delay: (i) => (i === 15 ? 500 : 90),
  draw: (t, i) => {
    const rise = easeOut(i / 9);
    const y = 150 - rise * 72;
    const rays = Array.from({ length: 12 }, (_, k) => {
      const a = (k / 12) * 360 + t * 60;
      const len = 12 + 4 * wave(t, 2, k / 2);
      return `<rect x="-4" y="${n(-46 - len)}" width="8" height="${n(len)}" rx="4" fill="#ffc93c" transform="rotate(${n(a)})"/>`;
    }).join('');
    const cloud = (x: number, yy: number, s: number) =>
      `<g ${at(x, yy, s)}><path d="M-30 10 Q-42 10 -40 -2 Q-38 -14 -24 -10 Q-20 -26 -2 -24 Q14 -24 16 -10 Q30 -14 34 -2 Q38 10 26 10 Z" fill="#fff"/></g>`;
    const face =
      rise > 0.6
        ? `${happyEye(-13, -4, 7)}${happyEye(13, -4, 7)}<ellipse cx="-22" cy="8" rx="6" ry="4" fill="${CHEEK}" opacity="0.6"/><ellipse cx="22" cy="8" rx="6" ry="4" fill="${CHEEK}" opacity="0.6"/>` +
          `<path d="M-9 10 Q0 20 9 10" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`
        : '';
    return (
      cloud(48 + 5 * wave(t), 46, 0.9) +
      cloud(196 - 5 * wave(t), 30, 0.7) +
      `<g ${at(120, y)}>${rays}<circle r="40" fill="url(#sunG)" stroke="#fff" stroke-width="4"/>${face}</g>` +
      `<path d="M-10 150 Q60 118 130 140 Q190 158 250 132 V190 H-10 Z" fill="url(#hill)"/>` +
      `<path d="M-10 166 Q70 146 150 164 Q200 174 250 160 V190 H-10 Z" fill="#4fb879"/>`
    );
  },
};

export const goodNight: GifDef = {
  id: 'good-night',
  bg: ['#27285e', '#4b3d8c'],
  frames: 16,
  draw: (t) => {
    const stars = [
      [34, 36, 9, 0],
      [196, 28, 11, 0.3],
      [210, 104, 7, 0.6],
      [56, 140, 7, 0.45],
      [168, 150, 8, 0.8],
      [26, 90, 5, 0.15],
    ]
      .map(([x = 0, y = 0, r = 0, ph = 0]) => {
        const tw = 0.5 + 0.5 * wave(t, 1, ph);
        return sparkle(x, y, r * (0.45 + 0.75 * tw), '#fff4b8', 0.45 + 0.55 * tw);
      })
      .join('');
    const dots = [
      [80, 24],
      [150, 18],
      [228, 68],
      [18, 160],
      [120, 166],
      [228, 150],
    ]
      .map(
        ([x = 0, y = 0], k) =>
          `<circle cx="${x}" cy="${y}" r="1.8" fill="#fff" opacity="${n((0.4 + 0.35 * wave(t, 1, k * 0.4)) * 100) / 100}"/>`,
      )
      .join('');
    const zs = [0, 0.5]
      .map((ph) => {
        const p = frac(t + ph);
        return `<text x="${n(150 + p * 26)}" y="${n(74 - p * 40)}" font-size="${n(13 + p * 11)}" ${FONT} fill="#dcd8ff" opacity="${n(Math.sin(Math.PI * p) * 100) / 100}">z</text>`;
      })
      .join('');
    return (
      dots +
      stars +
      `<g ${at(110, 94, 1.15, 5 * wave(t, 1))}>` +
      `<circle r="56" fill="#ffe38a" opacity="0.12" mask="url(#crescent)"/>` +
      `<g mask="url(#crescent)"><circle r="50" fill="#ffe07a"/><circle cx="-14" cy="37" r="5" fill="#f4c95a"/><circle cx="2" cy="44" r="3" fill="#f4c95a"/><circle cx="-40" cy="-24" r="3.5" fill="#f4c95a"/></g>` +
      `<path d="M-40 -4 Q-33 2 -26 -4" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>` +
      `<ellipse cx="-34" cy="8" rx="5" ry="3" fill="${CHEEK}" opacity="0.6"/>` +
      `<path d="M-31 19 Q-27 22.5 -23 19" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/></g>` +
      zs
    );
  },
};

export const party: GifDef = {
  id: 'party',
  bg: ['#fffaf0', '#ffe6f0'],
  frames: 16,
  draw: (t) => {
    const colours = ['#ff5c8a', '#ffc93c', '#4fc3f7', '#6fd68a', '#b57bff', '#ff8a5c'];
    const r = rng(42);
    let out = '';
    // Bunting across the top.
    const flags: string[] = [];
    for (let k = 0; k < 9; k++) {
      const x = 8 + k * 28;
      const y = 3 + 12 * Math.sin((k / 8) * Math.PI);
      const swing = 5 * wave(t, 1, k * 0.15);
      flags.push(
        `<path ${at(x + 14, y, 1, swing)} d="M-11 0 L11 0 L0 20 Z" fill="${colours[k % colours.length]}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`,
      );
    }
    out += `<path d="M-4 2 Q120 30 244 2" fill="none" stroke="#e0b8cc" stroke-width="2"/>` + flags.join('');
    // Falling confetti: strips that flip, dots and squiggles; integer speeds keep the loop seamless.
    for (let k = 0; k < 34; k++) {
      const x0 = ((k * 0.618034) % 1) * 232 + 4;
      const phase = r();
      const speed = k % 3 === 0 ? 2 : 1;
      const colour = colours[k % colours.length] ?? '#ff5c8a';
      const kind = k % 4;
      const spin = 1 + (k % 2);
      const p = frac(phase + t * speed);
      const y = 10 + p * 190;
      const x = x0 + 10 * wave(t, speed, phase);
      const flip = Math.cos(TAU * (t * spin + phase));
      const rot = 360 * phase + 70 * wave(t, 1, phase);
      if (kind === 0 || kind === 3)
        out += `<rect ${at(x, y, [Math.max(0.2, Math.abs(flip)), 1], rot)} x="-5" y="-8" width="10" height="16" rx="2.5" fill="${colour}"/>`;
      else if (kind === 1) out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(4.5 + r() * 2)}" fill="${colour}"/>`;
      else
        out += `<path ${at(x, y, [1, Math.max(0.25, Math.abs(flip))], rot)} d="M-10 0 Q-5 -7 0 0 Q5 7 10 0" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round"/>`;
    }
    // A party popper at the bottom.
    const kick = bump(t, 0, 0.12) + bump(t, 0.5, 0.12);
    out +=
      `<g ${at(120, 166, 1.15 + 0.06 * kick, -18 + 4 * wave(t, 2))}>` +
      `<path d="M-22 0 L0 -64 L22 0 Z" fill="#ffc93c" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M-15 -20 L13 -28 M-9 -40 L8 -45" stroke="#ff5c8a" stroke-width="6" stroke-linecap="round"/>` +
      `<ellipse rx="22" ry="7" fill="#ff8a5c" stroke="#fff" stroke-width="3"/></g>`;
    return out;
  },
};

export const hot: GifDef = {
  id: 'hot',
  bg: ['#4a2159', '#5a2660'],
  frames: 12,
  delay: () => 70,
  draw: (t) => {
    /** A flame with a main tip and two side licks; base centre (120, by), w = half width, h = height. */
    const flame = (w: number, h: number, sway: number, lick: number, fill: string, by: number) => {
      const X = (x: number) => n(120 + (x / 50) * w);
      const Y = (y: number) => n(by + (y / 140) * h);
      const s = sway;
      return (
        `<path d="M${X(s)} ${Y(-140)} ` +
        `C${X(6 + s * 0.8)} ${Y(-114)} ${X(16)} ${Y(-96)} ${X(22)} ${Y(-82)} ` +
        `C${X(28)} ${Y(-90)} ${X(34)} ${Y(-96)} ${X(42 + lick)} ${Y(-108 - lick)} ` +
        `C${X(54)} ${Y(-80)} ${X(52)} ${Y(-58)} ${X(50)} ${Y(-42)} ` +
        `C${X(50)} ${Y(-10)} ${X(28)} ${Y(6)} ${X(0)} ${Y(6)} ` +
        `C${X(-28)} ${Y(6)} ${X(-50)} ${Y(-10)} ${X(-50)} ${Y(-42)} ` +
        `C${X(-52)} ${Y(-62)} ${X(-48)} ${Y(-78)} ${X(-40 - lick)} ${Y(-94 + lick)} ` +
        `C${X(-32)} ${Y(-82)} ${X(-26)} ${Y(-74)} ${X(-20)} ${Y(-70)} ` +
        `C${X(-16)} ${Y(-96)} ${X(-6 + s * 0.8)} ${Y(-118)} ${X(s)} ${Y(-140)} Z" fill="${fill}"/>`
      );
    };
    /** A simple teardrop flame for the inner layers. */
    const drop = (w: number, h: number, sway: number, fill: string, by: number) => {
      const cx = 120;
      const tx = cx + sway;
      const ty = by - h;
      return (
        `<path d="M${n(tx)} ${n(ty)} C${n(cx + sway * 0.4 + w * 0.12)} ${n(by - h * 0.66)} ${n(cx + w / 2)} ${n(by - h * 0.56)} ${n(cx + w / 2)} ${n(by - h * 0.3)} ` +
        `C${n(cx + w / 2)} ${n(by + h * 0.02)} ${n(cx - w / 2)} ${n(by + h * 0.02)} ${n(cx - w / 2)} ${n(by - h * 0.3)} ` +
        `C${n(cx - w / 2)} ${n(by - h * 0.56)} ${n(cx + sway * 0.4 - w * 0.12)} ${n(by - h * 0.66)} ${n(tx)} ${n(ty)} Z" fill="${fill}"/>`
      );
    };
    const sway = (ph: number) => 9 * wave(t, 1, ph) + 4 * wave(t, 3, ph);
    const grow = (ph: number) => 1 + 0.06 * wave(t, 2, ph) + 0.03 * wave(t, 3, ph + 0.3);
    const lick = 6 * wave(t, 2, 0.1);
    const sparks = [0, 1, 2, 3, 4]
      .map((k) => {
        const p = frac(t * (k % 2 ? 1 : 2) + k * 0.23);
        const x = 120 + ([-40, 36, -22, 46, 14][k] ?? 0) + 8 * wave(t, 1, k * 0.3);
        const y = 110 - p * 100;
        return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(3.5 * (1 - p) + 0.8)}" fill="#ffd65c" opacity="${n((1 - p) * 100) / 100}"/>`;
      })
      .join('');
    return (
      `<circle cx="120" cy="104" r="82" fill="#ff7a3c" opacity="0.12"/><circle cx="120" cy="112" r="58" fill="#ff8a3c" opacity="0.12"/>` +
      `<ellipse cx="120" cy="166" rx="60" ry="7" fill="#000" opacity="0.18"/>` +
      sparks +
      `<g stroke="#fff" stroke-width="8" stroke-linejoin="round">${flame(50, 146 * grow(0), sway(0), lick, '#fff', 162)}</g>` +
      flame(50, 146 * grow(0), sway(0), lick, '#ff4d3d', 162) +
      flame(38, 108 * grow(0.2), sway(0.2), -lick * 0.8, '#ff8a2c', 160) +
      drop(48, 70 * grow(0.45), sway(0.45), '#ffc93c', 160) +
      drop(24, 38 * grow(0.7), sway(0.7) * 0.6, '#fff3b0', 159)
    );
  },
};

export const cheers: GifDef = {
  id: 'cheers',
  bg: ['#fff0e8', '#ffd6dc'],
  frames: 16,
  delay: (i) => (i === 7 ? 160 : 80),
  draw: (t, i) => {
    // Tilt towards each other, clink at frame 7, tilt back.
    const a = 13.5 * easeInOut(Math.sin(Math.PI * t) ** 1.4);
    const glass = (x: number, rot: number, flip: number) =>
      `<g ${at(x, 164, [flip, 1], rot * flip)}>` +
      `<ellipse cy="0" rx="22" ry="5" fill="#fff"/><rect x="-3" y="-48" width="6" height="48" fill="#fff"/>` +
      `<path d="M-25 -104 C-27 -64 -14 -46 0 -46 C14 -46 27 -64 25 -104 Z" fill="#fff" opacity="0.55"/>` +
      `<g clip-path="url(#bowl)"><g transform="rotate(${n(-rot)} 0 -62)"><rect x="-60" y="-78" width="120" height="60" fill="url(#wine)"/><rect x="-60" y="-80" width="120" height="4" fill="#ff7aa5"/></g></g>` +
      `<path d="M-25 -104 C-27 -64 -14 -46 0 -46 C14 -46 27 -64 25 -104" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M-17 -96 C-18 -78 -14 -66 -8 -60" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.8"/>` +
      `</g>`;
    const hit = i >= 7 && i <= 10 ? ([1, 0.9, 0.6, 0.3][i - 7] ?? 0) : 0;
    const burst =
      hit > 0
        ? [-60, -25, 0, 25, 60]
            .map((deg) => {
              const r1 = 16 + (1 - hit) * 14;
              const r2 = r1 + 12 * hit;
              const rad = ((deg - 90) * Math.PI) / 180;
              return `<line x1="${n(120 + Math.cos(rad) * r1)}" y1="${n(58 + Math.sin(rad) * r1)}" x2="${n(120 + Math.cos(rad) * r2)}" y2="${n(58 + Math.sin(rad) * r2)}" stroke="#ff9a3c" stroke-width="4" stroke-linecap="round"/>`;
            })
            .join('') +
          sparkle(92, 40, 8 * hit, '#ffc93c') +
          sparkle(150, 34, 10 * hit, '#ffc93c')
        : '';
    return shadow(78, 166, 28, 5) + shadow(162, 166, 28, 5) + glass(80, a, 1) + glass(160, a, -1) + burst;
  },
};
