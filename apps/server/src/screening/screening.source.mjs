// The screening worker from the TypeScript sources (tests, pnpm dev): a worker thread does not take
// the parent's loader flags, so it registers tsx itself before loading the worker. The built server
// runs dist/screening.js instead.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./screening.worker.ts', import.meta.url).href);
