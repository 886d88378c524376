// Renders a legal document to a PDF (pdf-lib); each is built once and kept.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { LEGAL_DOCUMENTS } from './legal-documents.ts';

const cache = new Map<number, Uint8Array>();
const PAGE = { width: 595, height: 842, margin: 56 };

/**
 * Lines of `text` no wider than `width` (`nextWidth` after the first: an indented continuation),
 * broken between words, and inside a word (a long code, an address typed without spaces, Chinese,
 * which has no spaces) where one word alone is wider. Nothing is added: a word broken across lines
 * is its pieces, one per line, never pieces joined again with a space.
 */
export function wrap(text: string, width: number, measure: (s: string) => number, nextWidth = width): string[] {
  const lines: string[] = [];
  const room = () => (lines.length === 0 ? width : nextWidth);
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= room()) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than a whole line is cut where it must, each piece filling its line.
    let piece = '';
    for (const character of word) {
      if (piece && measure(piece + character) > room()) {
        lines.push(piece);
        piece = '';
      }
      piece += character;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

export async function legalPdf(id: number): Promise<Uint8Array | undefined> {
  const document = LEGAL_DOCUMENTS.find((d) => d.id === id);
  if (!document) return undefined;
  const cached = cache.get(id);
  if (cached) return cached;
  const pdf = await PDFDocument.create();
  pdf.setTitle(document.title);
  pdf.setProducer('Account opening');
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  page.drawText(document.title, { x: PAGE.margin, y, size: 18, font: bold, color: rgb(0.1, 0.1, 0.2) });
  y -= 36;
  const width = PAGE.width - 2 * PAGE.margin;
  for (const paragraph of document.paragraphs) {
    for (const line of wrap(paragraph, width, (s) => body.widthOfTextAtSize(s, 11))) {
      if (y < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size: 11, font: body });
      y -= 16;
    }
    y -= 10;
  }
  const bytes = await pdf.save();
  cache.set(id, bytes);
  return bytes;
}
