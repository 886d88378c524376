// The PDF worker from the TypeScript sources (tests, pnpm dev): a worker thread does not take the
// parent's loader flags, so it registers tsx itself before loading the worker. The built server runs
// dist/pdf.js instead.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pdf.worker.ts', import.meta.url).href);
