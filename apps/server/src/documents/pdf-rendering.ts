// Drawing the server's PDFs (pdf-lib), in the PDF worker thread (pdf.worker.ts): what a document says
// arrives as items (headings, label and value lines, images), and is laid out on A4 pages, each line
// wrapped within the margins without a character added or lost, in fonts cut to the characters it
// uses (pdf-fonts.ts).
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap } from './legal-pdf.ts';
import { embedFonts } from './pdf-fonts.ts';

const PAGE = { width: 595, height: 842, margin: 56 };
/** Control characters never reach a page. */
const printable = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');

export type Item = { kind: 'heading'; text: string; size: number } | { kind: 'line'; label: string; value: string } | { kind: 'image'; bytes: Uint8Array; label: string };

/** What the document says, gathered first: its fonts are cut to the characters it uses. */
export class Content {
  readonly items: Item[] = [];
  heading(text: string, size = 14) {
    this.items.push({ kind: 'heading', text: printable(text), size });
  }
  line(label: string, value: string) {
    this.items.push({ kind: 'line', label: printable(label), value: printable(value) });
  }
  image(bytes: Uint8Array, label: string) {
    this.items.push({ kind: 'image', bytes, label: printable(label) });
  }
  texts(): string[] {
    return this.items.flatMap((item) => (item.kind === 'line' ? [item.label, item.value] : item.kind === 'heading' ? [item.text] : [item.label]));
  }
}

class Writer {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly body: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }
  async write(content: Content) {
    for (const item of content.items) {
      if (item.kind === 'heading') this.heading(item.text, item.size);
      else if (item.kind === 'line') this.line(item.label, item.value);
      else await this.image(item.bytes, item.label);
    }
  }
  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  private heading(text: string, size: number) {
    for (const [i, part] of wrap(text, PAGE.width - 2 * PAGE.margin, (s) => this.bold.widthOfTextAtSize(s, size)).entries()) {
      this.room(size + 14);
      if (i === 0) this.y -= 8;
      this.page.drawText(part, { x: PAGE.margin, y: this.y, size, font: this.bold, color: rgb(0.1, 0.1, 0.2) });
      this.y -= size + 8;
    }
  }
  private line(label: string, value: string) {
    // A question ("…broker?") is followed by its answer, a label by a colon. Continuation lines are
    // indented, and wrapped within the narrower width they have.
    const separator = /[?:？：]$/.test(label.trim()) ? ' ' : ': ';
    const indent = 12;
    const measure = (s: string) => this.body.widthOfTextAtSize(s, 10);
    const lines = wrap(`${label}${separator}${value}`, PAGE.width - 2 * PAGE.margin, measure, PAGE.width - 2 * PAGE.margin - indent);
    for (const [i, text] of lines.entries()) {
      this.room(14);
      this.page.drawText(text, { x: PAGE.margin + (i ? indent : 0), y: this.y, size: 10, font: this.body });
      this.y -= 14;
    }
  }
  private async image(png: Uint8Array, label: string) {
    const embedded = await this.pdf.embedPng(png).catch(() => this.pdf.embedJpg(png));
    const scale = Math.min(1, 240 / embedded.width);
    const height = embedded.height * scale;
    this.room(height + 24);
    this.page.drawText(label, { x: PAGE.margin, y: this.y, size: 10, font: this.body });
    this.y -= height + 8;
    this.page.drawImage(embedded, { x: PAGE.margin, y: this.y, width: embedded.width * scale, height });
    this.y -= 12;
  }
}

/** The application's PDF from its items. */
export async function renderApplication(items: Item[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Account opening application');
  pdf.setProducer('Account opening');
  const content = new Content();
  content.items.push(...items);
  const fonts = await embedFonts(pdf, content.texts());
  await new Writer(pdf, fonts.regular, fonts.bold).write(content);
  return pdf.save();
}
