// The signed application as a PDF (pdf-lib): every answer of every step the application required,
// the agreements accepted and the signature, as submitted. The applicant downloads it after
// submitting, and it goes with the approval e-mail. Labelled in English, the broker's record; the
// answers as typed, Chinese included (pdf-fonts.ts), each line wrapped within the page.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { translate } from '@kh/i18n';
import { answerText, type FormData } from '@kh/engine';
import type { ServerContext } from '../context.ts';
import { answersOf, requiredSteps, type Application } from '../applications/index.ts';
import { publishedVersion } from '../steps/index.ts';
import { wrap } from './legal-pdf.ts';
import { embedFonts } from './pdf-fonts.ts';
import { compileStep, contextFrom } from '../steps/index.ts';

const PAGE = { width: 595, height: 842, margin: 56 };
/** Control characters never reach a page. */
const printable = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');

type Text = (key: string) => string;

type Item = { kind: 'heading'; text: string; size: number } | { kind: 'line'; label: string; value: string } | { kind: 'image'; bytes: Uint8Array; label: string };

/** What the document says, gathered first: its fonts are cut to the characters it uses. */
class Content {
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
    const [first, ...rest] = wrap(`${label}${separator}${value}`, PAGE.width - 2 * PAGE.margin, measure);
    const lines = [first, ...wrap(rest.join(' '), PAGE.width - 2 * PAGE.margin - indent, measure)].filter((text): text is string => Boolean(text));
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

export async function applicationPdf({ db, config, storage }: Pick<ServerContext, 'db' | 'config' | 'storage'>, application: Application): Promise<Uint8Array> {
  const { payloads, versions } = await answersOf(db, application.id);
  const context = contextFrom(payloads, application);
  const pdf = await PDFDocument.create();
  pdf.setTitle('Account opening application');
  pdf.setProducer('Account opening');
  const writer = new Content();
  writer.heading('Account opening application', 18);
  writer.line('Application', application.id);
  writer.line('Submitted', application.submittedAt ? application.submittedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'not yet');
  for (const stepId of requiredSteps(config, application)) {
    // Each answer as it was given: through the studio version it is pinned to, with that version's texts.
    const version = await publishedVersion(db, stepId, versions[stepId] ?? 0);
    const compiled = compileStep(stepId, context, { version });
    const text: Text = (key) => version.translations.en?.[key] ?? translate('en', key);
    const data: FormData = compiled.fromPayload(payloads[stepId] ?? {});
    writer.heading(text(`step.${stepId}.title`));
    for (const field of compiled.valueFields) {
      if (!compiled.isVisible(field.id, data)) continue;
      const value = data[field.id];
      if (field.widget === 'signature' && typeof value === 'string') {
        const image = await storage.get(value).catch(() => undefined);
        if (image) writer.image(image, text(field.labelKey ?? 'field.signature.signature.label'));
        continue;
      }
      if (field.widget === 'upload') {
        if (value) writer.line(text(field.labelKey ?? field.id), 'document on file');
        continue;
      }
      const shown = answerText(value, compiled.options[field.id], { text, label: (label) => label.en ?? Object.values(label)[0] ?? '', yes: 'Yes', no: 'No', join: (values) => values.join(', ') });
      if (shown) writer.line(field.labelKey ? text(field.labelKey) : field.id, shown);
    }
  }
  const fonts = await embedFonts(pdf, writer.texts());
  await new Writer(pdf, fonts.regular, fonts.bold).write(writer);
  return pdf.save();
}
