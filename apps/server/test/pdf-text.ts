// What a PDF the server made shows, read as a viewer reads it (pdf.js, through each font's
// character map): its text lines with where they stand, so a test can say what the broker's copy
// of an application says and that every line fits its page.

// pdf.js asks for Promise.withResolvers, which Node 20 has not: given here, before it loads.
const withResolvers = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
};
(Promise as unknown as { withResolvers?: unknown }).withResolvers ??= withResolvers;
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

export interface PdfLine {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  pageWidth: number;
}

export async function pdfLines(pdf: Uint8Array): Promise<PdfLine[]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const document = await task.promise;
  const lines: PdfLine[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const { width: pageWidth } = page.getViewport({ scale: 1 });
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str === '') continue;
      lines.push({ page: number, text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, pageWidth });
    }
  }
  await task.destroy();
  return lines;
}

export const pdfText = async (pdf: Uint8Array): Promise<string[]> => (await pdfLines(pdf)).map((line) => line.text);
