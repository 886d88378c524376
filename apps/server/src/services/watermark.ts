// Stamps "FOR ACCOUNT OPENING ONLY" in bands across an image, so a preview cannot be reused
// elsewhere. The result is always a PNG.
import { Jimp, loadFont } from 'jimp';
import { SANS_32_WHITE } from 'jimp/fonts';

const TEXT = 'FOR ACCOUNT OPENING ONLY';
const BAND_EVERY_PX = 120;
const BAND_HEIGHT_PX = 44;

export class UnsupportedImageError extends Error {}

export async function watermark(bytes: Buffer): Promise<Buffer> {
  let image;
  try {
    image = await Jimp.read(bytes);
  } catch (error) {
    throw new UnsupportedImageError(String(error));
  }
  const font = await loadFont(SANS_32_WHITE);
  const { width, height } = image.bitmap;
  const band = new Jimp({ width, height: BAND_HEIGHT_PX, color: 0x00000080 });
  for (let y = 20; y < height; y += BAND_EVERY_PX) {
    image.composite(band, 0, y);
    image.print({ font, x: 8, y: y + 6, text: `${TEXT}  ${TEXT}  ${TEXT}` });
  }
  return Buffer.from(await image.getBuffer('image/png'));
}
