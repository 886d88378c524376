// Image previews: stamped "FOR ACCOUNT OPENING ONLY" in bands, so a preview cannot be reused
// elsewhere. sharp (libvips) does the work on its own threads, never on the event loop; the preview
// is downscaled to PREVIEW_MAX_SIDE and sent as JPEG; an image above MAX_IMAGE_PIXELS is refused
// from its header alone, before any pixel is decoded.
import { Jimp, loadFont } from 'jimp';
import { SANS_32_WHITE } from 'jimp/fonts';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type OutputInfo, type OverlayOptions } from 'sharp';

const TEXT = 'FOR ACCOUNT OPENING ONLY';
// A band every 200 px covers about a fifth of the image: the stamp is on every part, the document stays readable.
const BAND_EVERY_PX = 200;
const BAND_HEIGHT_PX = 44;
/** A 48 MP phone photo passes; a decompression bomb (8000×8000 declared in a few KB) does not. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const PREVIEW_MAX_SIDE = 1600;

// Image work never takes every core: one is left for the event loop (health checks, every request).
const IMAGE_WORKERS = Math.max(1, availableParallelism() - 1);
sharp.concurrency(1);
const imageWork = pLimit(IMAGE_WORKERS);

export class UnsupportedImageError extends Error {}
export class ImageTooLargeError extends Error {}

/** Width and height from the image's header (nothing decoded); undefined for what is not an image sharp reads. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** Refuses an image that would decode to more than MAX_IMAGE_PIXELS. */
export async function checkImagePixels(bytes: Buffer): Promise<void> {
  const size = await imageSize(bytes);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(`${size.width}×${size.height}`);
}

/** One band of the stamp at the widest preview (jimp has the font). */
async function drawBand(text: string): Promise<Buffer> {
  const font = await loadFont(SANS_32_WHITE);
  const image = new Jimp({ width: PREVIEW_MAX_SIDE, height: BAND_HEIGHT_PX, color: 0x00000080 });
  image.print({ font, x: 8, y: 6, text: `${text}  ${text}  ${text}  ${text}` });
  return Buffer.from(await image.getBuffer('image/png'));
}
let defaultBand: Promise<Buffer> | undefined;
const band = (text?: string): Promise<Buffer> => (text ? drawBand(printableStamp(text)) : (defaultBand ??= drawBand(TEXT)));
// The bitmap font has ASCII only: anything else would print as nothing.
const printableStamp = (text: string) => text.replace(/[^\x20-\x7E]/g, '?');

/**
 * The watermarked preview of an image: at most PREVIEW_MAX_SIDE on its longer side, as JPEG. `stamp`
 * replaces the default text (a reviewer's view carries their name and the time).
 */
export const watermark = (bytes: Buffer, stamp?: string): Promise<Buffer> => imageWork(() => makePreview(bytes, stamp));

async function makePreview(bytes: Buffer, stamp?: string): Promise<Buffer> {
  let resized: { data: Buffer; info: OutputInfo };
  try {
    resized = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency: a signature drawn on a transparent canvas goes on white paper, not black.
      .flatten({ background: '#ffffff' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new ImageTooLargeError(String(error));
    throw new UnsupportedImageError(String(error));
  }
  const { width, height } = resized.info;
  const stripe = await sharp(await band(stamp)).extract({ left: 0, top: 0, width: Math.min(width, PREVIEW_MAX_SIDE), height: Math.min(BAND_HEIGHT_PX, height) }).toBuffer();
  const stripes: OverlayOptions[] = [];
  for (let y = 20; y + Math.min(BAND_HEIGHT_PX, height) <= height; y += BAND_EVERY_PX) stripes.push({ input: stripe, top: y, left: 0 });
  // A thumbnail shorter than the first band's offset still carries one band.
  if (stripes.length === 0) stripes.push({ input: stripe, top: 0, left: 0 });
  return sharp(resized.data).composite(stripes).jpeg({ quality: 80, mozjpeg: false }).toBuffer();
}
