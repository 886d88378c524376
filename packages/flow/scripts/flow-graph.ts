// pnpm flow:graph — writes the Mermaid diagram of the machine to docs/flow.md.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowMarkdown } from '../src/mermaid.ts';

export const FLOW_DOC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/flow.md');
mkdirSync(dirname(FLOW_DOC), { recursive: true });
writeFileSync(FLOW_DOC, flowMarkdown());
console.log(`Wrote ${FLOW_DOC}`);
