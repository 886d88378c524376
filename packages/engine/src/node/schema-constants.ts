// ajv's standalone code declares the whole step schema as a constant (`const schema11 = {…}`), yet
// reads only a few parts of it: the allowed values an enum error reports. The browser downloads the
// constant with every step's validator (a fifth of its code), so only the parts the code reads are kept.

const IDENTIFIER = String.raw`\.[A-Za-z_$][\w$]*`;
const INDEX = String.raw`\[(?:\d+|"(?:[^"\\]|\\.)*")\]`;
const DECLARATION = /^const (schema\d+) = (.+);$/gm;

/** The property names and indexes of a path like `.properties["a-b"].allOf[0].enum`. */
const keysOf = (path: string): string[] =>
  [...path.matchAll(new RegExp(`${IDENTIFIER}|${INDEX}`, 'g'))].map(([step]) => (step.startsWith('.') ? step.slice(1) : step.startsWith('["') ? (JSON.parse(step.slice(1, -1)) as string) : step.slice(1, -1)));

/** A copy of `whole` holding only the values at `paths` (null-prototype objects: a key is a key, "__proto__" too). */
function partsAt(whole: unknown, paths: string[][]): unknown {
  const kept: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const keys of paths) {
    let from = whole as Record<string, unknown> | undefined;
    let to = kept;
    keys.forEach((key, i) => {
      from = from != null && Object.hasOwn(from, key) ? (from[key] as Record<string, unknown>) : undefined;
      if (i === keys.length - 1) to[key] = from;
      else to = (to[key] ??= Object.create(null)) as Record<string, unknown>;
    });
  }
  return kept;
}

/**
 * The same code with each schema constant cut down to the paths the code reads. A constant the code
 * also uses whole (or reads in a way not recognised here) is left as it is.
 */
export function withOnlySchemaPartsRead(code: string): string {
  return code.replace(DECLARATION, (declaration, name: string, json: string) => {
    const rest = code.replace(declaration, '');
    const reads = [...rest.matchAll(new RegExp(String.raw`\b${name}\b((?:${IDENTIFIER}|${INDEX})*)`, 'g'))].map(([, path]) => path);
    if (reads.some((path) => path === '')) return declaration;
    const kept = partsAt(JSON.parse(json) as unknown, reads.map(keysOf));
    return `const ${name} = ${JSON.stringify(kept)};`;
  });
}
