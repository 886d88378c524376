// A document as staff see it (issue: the review console for compliance): stamped, but readable. The
// stamp's bands cover under a quarter of the image, and a signature drawn on a transparent canvas
// shows dark on white, not dark on black (JPEG has no transparency).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { watermark } from '../src/documents/index.ts';

/** The share of pixel rows the stamp darkened, on an all-white image. */
async function stampedRowShare(width: number, height: number): Promise<number> {
  const white = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const { data, info } = await sharp(await watermark(white, 'Rita Reviewer <rita@broker.example> 2026-11-26 10:00 UTC')).greyscale().raw().toBuffer({ resolveWithObject: true });
  let darkened = 0;
  for (let y = 0; y < info.height; y++) {
    let sum = 0;
    for (let x = 0; x < info.width; x++) sum += data[y * info.width + x]!;
    if (sum / info.width < 235) darkened++;
  }
  return darkened / info.height;
}

describe('the stamp on a document', () => {
  it('covers under a quarter of an ID-card-sized image, and is there', async () => {
    const share = await stampedRowShare(856, 540);
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.25);
  });

  it('shows a signature drawn on a transparent canvas dark on white', async () => {
    const stroke = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 240 20, 580 150" stroke="#111" stroke-width="12" fill="none"/></svg>');
    const signature = await sharp(stroke).png().toBuffer();
    expect((await sharp(signature).metadata()).hasAlpha).toBe(true);
    const preview = await watermark(signature, 'Rita Reviewer');
    const { channels } = await sharp(preview).stats();
    // Mostly white paper (a few stamp bands and the stroke): the mean is light.
    expect(channels[0]!.mean).toBeGreaterThan(150);
    // The stroke is there: some pixels are near black.
    expect(channels[0]!.min).toBeLessThan(60);
  });
});
