// Every error in ajv's standalone code carries its full schemaPath as a string, yet validateStep reads
// a schemaPath only to find the message rule it falls under (the longest message path it starts
// with), and not at all for a "required" or "if" error. Each path in the code is cut to that message
// path, or dropped where none applies: most of them (type, required and if errors), a tenth of a
// step's validator once gzipped, and the errors validateStep reports stay the same.

import { KEYWORDS_READ_WITHOUT_PATH, messagePathOf } from '../validate.ts';

/** ajv writes an error's schemaPath as a literal, just before its keyword. */
const ERROR_PATH = /schemaPath:"((?:[^"\\]|\\.)*)",keyword:"([A-Za-z$]+)"/g;

/** The same code with each error's schemaPath cut to the message path it falls under, or left out. */
export function withErrorPathsCutTo(code: string, messagePaths: readonly string[]): string {
  return code.replace(ERROR_PATH, (_whole, escapedPath: string, keyword: string) => {
    if (KEYWORDS_READ_WITHOUT_PATH.has(keyword)) return `keyword:"${keyword}"`;
    const path = JSON.parse(`"${escapedPath}"`) as string;
    const kept = messagePathOf(path, messagePaths);
    return kept === undefined ? `keyword:"${keyword}"` : `schemaPath:${JSON.stringify(kept)},keyword:"${keyword}"`;
  });
}
