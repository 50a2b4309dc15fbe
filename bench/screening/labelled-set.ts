import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * The labelled photos of `npm run bench:screening` (docs/product.md §13 Screening). No explicit
 * image can ship in the repository, so every label is "not explicit": the set measures false
 * flags, Drawing recognition and face presence, not the detection of nudity.
 * - `face-api demo`: the six sample photos shipped in @vladmandic/face-api (groups of clothed
 *   adults): not explicit, at least one face.
 * - `generated`: flat colours, gradients, noise and rendered text made here with sharp: not
 *   explicit, no face.
 * - `drawing`: flat-colour SVG illustrations made here: not explicit, no face, top class Drawing.
 */
export interface LabelledPhoto {
  name: string;
  group: 'face-api demo' | 'generated' | 'drawing';
  bytes: Uint8Array;
  expected: { explicit: false; faces: 'some' | 'none'; topClass?: 'Drawing' };
}

const W = 640;
const H = 800;
const webp = (image: Sharp) => image.webp({ quality: 82 }).toBuffer();
const svg = (body: string, background = '#ffffff') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`,
  );

const GRADIENTS: [string, string][] = [
  ['#ff9a9e', '#fad0c4'],
  ['#a1c4fd', '#c2e9fb'],
  ['#434343', '#000000'],
  ['#f6d365', '#fda085'],
];
const TEXTS = ['Hello from Amora', 'Lorem ipsum dolor sit amet', 'Profile photo coming soon', '12345 67890'];
const DRAWINGS: Record<string, string> = {
  house: `<rect x="170" y="380" width="300" height="250" fill="#e07a5f" stroke="#222" stroke-width="8"/><polygon points="150,390 320,230 490,390" fill="#3d405b" stroke="#222" stroke-width="8"/><rect x="290" y="500" width="60" height="130" fill="#f2cc8f" stroke="#222" stroke-width="6"/><circle cx="520" cy="120" r="60" fill="#f4d35e"/><rect y="630" width="640" height="170" fill="#81b29a"/>`,
  cat: `<circle cx="320" cy="420" r="190" fill="#f4a261" stroke="#222" stroke-width="10"/><polygon points="170,300 190,140 290,250" fill="#f4a261" stroke="#222" stroke-width="10"/><polygon points="470,300 450,140 350,250" fill="#f4a261" stroke="#222" stroke-width="10"/><circle cx="250" cy="390" r="28" fill="#222"/><circle cx="390" cy="390" r="28" fill="#222"/><polygon points="300,460 340,460 320,485" fill="#e76f51"/><path d="M320 485 Q 290 530 250 510 M320 485 Q 350 530 390 510" stroke="#222" stroke-width="8" fill="none"/>`,
  flower: `<rect x="310" y="380" width="20" height="380" fill="#2a9d8f"/><ellipse cx="250" cy="560" rx="70" ry="25" fill="#2a9d8f"/>${[
    0, 60, 120, 180, 240, 300,
  ]
    .map(
      (a) =>
        `<ellipse cx="320" cy="250" rx="55" ry="120" fill="#e63946" stroke="#222" stroke-width="6" transform="rotate(${a} 320 370)"/>`,
    )
    .join('')}<circle cx="320" cy="370" r="60" fill="#ffb703" stroke="#222" stroke-width="6"/>`,
  stickFigure: `<circle cx="320" cy="200" r="70" fill="none" stroke="#111" stroke-width="12"/><line x1="320" y1="270" x2="320" y2="520" stroke="#111" stroke-width="12"/><line x1="320" y1="340" x2="200" y2="430" stroke="#111" stroke-width="12"/><line x1="320" y1="340" x2="440" y2="430" stroke="#111" stroke-width="12"/><line x1="320" y1="520" x2="230" y2="700" stroke="#111" stroke-width="12"/><line x1="320" y1="520" x2="410" y2="700" stroke="#111" stroke-width="12"/>`,
  shapes: `<rect x="60" y="80" width="240" height="240" fill="#264653"/><circle cx="460" cy="220" r="130" fill="#e9c46a"/><polygon points="80,720 300,380 520,720" fill="#e76f51"/><rect x="380" y="520" width="200" height="200" fill="#2a9d8f" transform="rotate(20 480 620)"/>`,
};

/** Builds the set (≈0.5 s). @throws when the face-api package or its demo photos are missing. */
export async function labelledSet(): Promise<LabelledPhoto[]> {
  const set: LabelledPhoto[] = [];
  const notExplicit = (faces: 'some' | 'none', topClass?: 'Drawing') => ({ explicit: false as const, faces, topClass });
  const faceApiDir = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
  for (let i = 1; i <= 6; i++) {
    const bytes = await readFile(path.join(faceApiDir, 'demo', `sample${i}.jpg`));
    set.push({ name: `sample${i}.jpg`, group: 'face-api demo', bytes, expected: notExplicit('some') });
  }
  for (const colour of ['#a05070', '#6a8fb0', '#f2e8cf', '#1b1b1b', '#ffffff', '#c8553d']) {
    const bytes = await webp(sharp({ create: { width: W, height: H, channels: 3, background: colour } }));
    set.push({ name: `flat ${colour}`, group: 'generated', bytes, expected: notExplicit('none') });
  }
  for (const [from, to] of GRADIENTS) {
    const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
    set.push({
      name: `gradient ${from}→${to}`,
      group: 'generated',
      bytes: await webp(sharp(svg(gradient))),
      expected: notExplicit('none'),
    });
  }
  for (const [index, sigma] of [10, 30, 60, 90].entries()) {
    const noise = { type: 'gaussian' as const, mean: 100 + index * 30, sigma };
    const bytes = await webp(sharp({ create: { width: W, height: H, channels: 3, background: '#000000', noise } }));
    set.push({ name: `noise σ=${sigma}`, group: 'generated', bytes, expected: notExplicit('none') });
  }
  for (const text of TEXTS) {
    const body = `<text x="40" y="400" font-family="sans-serif" font-size="48" fill="#222">${text}</text>`;
    set.push({
      name: `text "${text}"`,
      group: 'generated',
      bytes: await webp(sharp(svg(body, '#fdfcdc'))),
      expected: notExplicit('none'),
    });
  }
  for (const [name, body] of Object.entries(DRAWINGS)) {
    set.push({
      name: `drawing ${name}`,
      group: 'drawing',
      bytes: await webp(sharp(svg(body))),
      expected: notExplicit('none', 'Drawing'),
    });
  }
  return set;
}
