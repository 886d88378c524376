// A PDF shown to staff carries who viewed it and when, across every page, so a copy that leaks
// names its source.
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

// The standard fonts write WinAnsi only.
const printable = (text: string) => text.replace(/[^\x20-\x7E]/g, '?');

export async function watermarkPdf(bytes: Uint8Array, stamp: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = printable(stamp);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    for (let y = 60; y < height; y += 180) page.drawText(text, { x: 40, y, size: 14, font, color: rgb(0.8, 0.1, 0.1), opacity: 0.35, rotate: degrees(20) });
    page.drawText(text, { x: 24, y: 16, size: 8, font, color: rgb(0.5, 0.5, 0.5), maxWidth: width - 48 });
  }
  return pdf.save();
}
