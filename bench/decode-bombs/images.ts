import sharp from 'sharp';

/** One upload of the benchmark: its bytes, the type a browser would declare and a name. */
export interface BombImage {
  bytes: Buffer;
  type: string;
  name: string;
}

/**
 * `count` different 40-megapixel (8000 × 5000) images that stay small on the wire: blocks of
 * colour (a 80 × 50 noise picture scaled up without smoothing) so the file is 1–2 MB while
 * decoding it takes 40 million pixels. Alternates PNG (decoded in full) and JPEG (sharp may
 * shrink it while decoding), the two common upload types.
 */
export async function makeBombs(count: number): Promise<BombImage[]> {
  const out: BombImage[] = [];
  for (let i = 0; i < count; i++) {
    const seed = await sharp({
      create: {
        width: 80,
        height: 50,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 + i },
      },
    })
      .png()
      .toBuffer();
    const big = sharp(seed).resize(8000, 5000, { kernel: 'nearest' });
    const isPng = i % 2 === 0;
    const bytes = isPng ? await big.png().toBuffer() : await big.jpeg({ quality: 90 }).toBuffer();
    out.push({ bytes, type: isPng ? 'image/png' : 'image/jpeg', name: `bomb-${i}.${isPng ? 'png' : 'jpg'}` });
  }
  return out;
}

/** A small real photo for the warm-up upload (loads sharp and the upload path once). */
export function smallPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 500, channels: 3, background: '#a05070' } })
    .jpeg()
    .toBuffer();
}
