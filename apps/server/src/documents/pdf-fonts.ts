// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the console's and the app's tests compile this file without the server's src/types
/// <reference path="../types/subset-font.d.ts" />
// The fonts the server's PDFs are written in: Noto Sans SC (SIL Open Font License), whose glyphs
// cover Latin and every CJK ideograph an applicant may type, simplified or traditional. A PDF embeds
// only the characters it uses: harfbuzz cuts them out (subset-font), because pdf-lib's own subsetting
// dropped glyphs of this font.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type Weight = keyof typeof FILES;

// Read once (about 10 MB each) and kept: every PDF cuts its characters from the same bytes.
const loaded = new Map<Weight, Promise<Buffer>>();
const fontBytes = (weight: Weight) => {
  let bytes = loaded.get(weight);
  if (!bytes) loaded.set(weight, (bytes = readFile(require.resolve(FILES[weight]))));
  return bytes;
};

/**
 * Characters drawn one for one: fontkit's layout of the cut font misplaced digits and put ligatures
 * ("fi") the text layer could not read back. Plain glyphs read and copy as typed.
 */
const NO_SUBSTITUTIONS = { liga: false, clig: false, calt: false, kern: false, rlig: false, ccmp: false, locl: false, mark: false, mkmk: false };

/** The document's fonts, holding exactly the characters of `texts` (and the digits and basic punctuation). */
export async function embedFonts(pdf: PDFDocument, texts: string[]): Promise<Record<Weight, PDFFont>> {
  const characters = [...new Set([...texts.join(''), ...'0123456789 .,:;-–()/?'])].join('');
  pdf.registerFontkit(fontkit);
  const embed = async (weight: Weight) => pdf.embedFont(await subsetFont(await fontBytes(weight), characters, { targetFormat: 'truetype' }), { subset: false, features: NO_SUBSTITUTIONS });
  const [regular, bold] = await Promise.all([embed('regular'), embed('bold')]);
  return { regular, bold };
}
