// The text lines a PDF made by pdf-lib shows: its content streams inflated and their text operators
// read, so a test can say what the broker's copy of an application says.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  for (const stream of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body = Buffer.from(stream[1]!, 'latin1');
    try {
      body = inflateSync(body);
    } catch {
      // Not compressed (or not a content stream): read as it is.
    }
    for (const text of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g))
      lines.push(text[1] !== undefined ? Buffer.from(text[1], 'hex').toString('latin1') : text[2]!.replace(/\\(.)/g, '$1'));
  }
  return lines;
}
