// What the documents domain offers the others and the composition root; everything else in the folder is its own.
export { applicationPdfPlugin } from './application-pdf-routes.ts';
export { applicationPdf } from './application-pdf.ts';
export { filePlugin } from './file-routes.ts';
export { sweepUnfinishedUploads } from './file-sweep.ts';
export { helpPlugin } from './help-routes.ts';
export { watermarkPdf } from './pdf-watermark.ts';
export { checkImagePixels, ImageTooLargeError, UnsupportedImageError, watermark } from './watermark.ts';
export { LEGAL_DOCUMENTS } from './legal-documents.ts';
export { PdfRenderer } from './pdf-renderer.ts';
