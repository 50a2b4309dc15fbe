import sharp from 'sharp';
import type { PhotoScreening } from '../db/schema';
import type { DecodeQueue } from '../media';
import { sharedPhotoClassifier, type ClassifierInput, type PhotoClassifier } from './photo-classifier';

/** The nsfwjs model's input: a square of this many pixels a side. */
export const NSFW_INPUT_SIZE = 224;
/** The face detector's input: the photo scaled to fit this square (px); larger costs time, smaller misses small faces. */
export const FACE_INPUT_MAX = 512;

/**
 * docs/product.md §13 Screening: a photo is explicit when the classifier gives Porn and Hentai
 * together at least this probability (0..1). "Sexy" (lingerie, swimwear) is not explicit.
 */
export const EXPLICIT_THRESHOLD = 0.7;
/** docs/product.md §13 Screening: a face whose apparent age is below this (years) puts the photo first in review. */
export const MIN_APPARENT_AGE = 21;

/** Review queue priorities (`images.review_priority`, higher first). */
export const REVIEW_PRIORITY = { normal: 0, noFace: 1, urgent: 2 } as const;

/** The stored photo could not be decoded. */
export class UnreadablePhotoError extends Error {
  override name = 'UnreadablePhotoError';
}

/** Scores a stored photo's bytes (docs/product.md §13 Screening). */
export type ScreenPhoto = (bytes: Uint8Array) => Promise<PhotoScreening>;

/**
 * Decodes a stored photo (any format sharp reads; the uploads are WebP) into the classifiers'
 * inputs: 224×224 RGB stretched to the square, as nsfwjs's own resize does, and RGB scaled to fit
 * FACE_INPUT_MAX (never enlarged). Runs on libuv's thread pool, not the event loop.
 * @throws UnreadablePhotoError when the bytes are not a decodable image.
 */
export async function decodeForScreening(bytes: Uint8Array, withFace: boolean): Promise<ClassifierInput> {
  try {
    const image = sharp(bytes, { failOn: 'error' }).rotate().removeAlpha().toColourspace('srgb');
    const nsfw = await image
      .clone()
      .resize(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (nsfw.info.channels !== 3) throw new Error(`expected 3 channels, got ${nsfw.info.channels}`);
    if (!withFace) return { nsfw: new Uint8Array(nsfw.data), face: null };
    const face = await image
      .clone()
      .resize(FACE_INPUT_MAX, FACE_INPUT_MAX, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      nsfw: new Uint8Array(nsfw.data),
      face: { pixels: new Uint8Array(face.data), width: face.info.width, height: face.info.height },
    };
  } catch (error) {
    throw new UnreadablePhotoError('photo could not be decoded', { cause: error });
  }
}

/**
 * docs/product.md §13 Screening: the classifier's scores of one photo (nsfwjs class probabilities,
 * and with face detection the faces found and the youngest apparent age), with the time taken.
 * `ms` is decoding plus inference, in milliseconds. The decode waits for a slot of `decodes` (the
 * process's photo decode queue, docs/architecture.md §6 convention 12) when given.
 * @throws UnreadablePhotoError for bytes that are no image; the classifier's errors
 * (ClassifierUnavailableError when its models cannot load, Error on a failed classification).
 */
export async function screenPhoto(
  bytes: Uint8Array,
  classifier: PhotoClassifier = sharedPhotoClassifier(),
  decodes?: DecodeQueue,
): Promise<PhotoScreening> {
  const started = performance.now();
  const decode = () => decodeForScreening(bytes, classifier.faces);
  const input = await (decodes ? decodes.run(decode) : decode());
  const output = await classifier.classify(input);
  return {
    nsfw: output.nsfw,
    ...(output.faces === undefined ? {} : { faces: output.faces, youngestAge: output.youngestAge ?? null }),
    ms: Math.round(performance.now() - started),
    model: output.model,
  };
}

/** docs/product.md §13 Screening: Porn + Hentai ≥ EXPLICIT_THRESHOLD. */
export function isExplicit(screening: PhotoScreening): boolean {
  return (screening.nsfw.Porn ?? 0) + (screening.nsfw.Hentai ?? 0) >= EXPLICIT_THRESHOLD;
}

/**
 * docs/product.md §13 Screening: the photo's place in the review queue. `urgent` (2) when explicit
 * or a face looks younger than MIN_APPARENT_AGE; `noFace` (1) when face detection ran and found
 * none, or the photo could not be scored; else `normal` (0).
 */
export function reviewPriorityOf(screening: PhotoScreening): number {
  if (isUnscored(screening)) return REVIEW_PRIORITY.noFace;
  if (isExplicit(screening)) return REVIEW_PRIORITY.urgent;
  if (typeof screening.youngestAge === 'number' && screening.youngestAge < MIN_APPARENT_AGE)
    return REVIEW_PRIORITY.urgent;
  if (screening.faces === 0) return REVIEW_PRIORITY.noFace;
  return REVIEW_PRIORITY.normal;
}

/** Why a photo could not be scored: its file is gone, it does not decode, or scoring failed repeatedly. */
export type UnscoredReason = 'missing-file' | 'unreadable' | 'failed';

const UNSCORED_PREFIX = 'unscored:';

/** The screening stored for a photo that could not be scored: no scores, `model` = `unscored:<reason>`. */
export function unscoredScreening(reason: UnscoredReason): PhotoScreening {
  return { nsfw: {}, ms: 0, model: `${UNSCORED_PREFIX}${reason}` };
}

/** True for a screening made by `unscoredScreening` (the console shows it as "not screened"). */
export function isUnscored(screening: PhotoScreening): boolean {
  return screening.model.startsWith(UNSCORED_PREFIX);
}
