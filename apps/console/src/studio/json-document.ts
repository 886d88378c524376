// The JSON text of a step in the studio's editor, read with its positions: where a lint problem is
// (by JSON Pointer or by field id) and what the meta-schema allows where the cursor is. Pure: the
// editor (JsonEditor.tsx) turns these into CodeMirror diagnostics and completions.
import { pathOfField, type StepSchema } from '@kh/engine';
import type { LintProblem } from '@kh/engine/lint';
import { findNodeAtLocation, getLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';

export interface TextRange {
  from: number;
  to: number;
}

type SchemaNode = Record<string, unknown>;

/** The JSON path of a field in the document: its path of indexes through fields and children. */
const jsonPathOfField = (indexes: number[]): JSONPath => indexes.flatMap((index, depth) => [depth === 0 ? 'fields' : 'children', index]);

const pointerPath = (pointer: string): JSONPath =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The range of the deepest node that exists along a path: a problem at a missing property points at its object. */
function rangeAt(tree: Node | undefined, path: JSONPath): TextRange | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = tree && findNodeAtLocation(tree, path.slice(0, length));
    if (!node) continue;
    // An object or array is marked at its first line only, not over every field inside it.
    const shown = node.type === 'object' || node.type === 'array' ? 1 : node.length;
    return { from: node.offset, to: node.offset + shown };
  }
  return undefined;
}

/** Where each problem is in the text: its pointer, else its field's id, else the start. */
export function problemRanges(text: string, document: StepSchema | undefined, problems: LintProblem[]): (TextRange & { problem: LintProblem })[] {
  const tree = parseTree(text);
  return problems.map((problem) => {
    let range: TextRange | undefined;
    if (problem.pointer !== undefined) range = rangeAt(tree, pointerPath(problem.pointer));
    else if (problem.field && document) {
      const indexes = pathOfField(document, problem.field);
      if (indexes) range = rangeAt(tree, [...jsonPathOfField(indexes), 'id']);
    }
    return { ...(range ?? { from: 0, to: Math.min(1, text.length) }), problem };
  });
}

/** The text's syntax errors, for the editor to mark before any lint can run. */
export function syntaxError(text: string): (TextRange & { message: string }) | undefined {
  const errors: { error: number; offset: number; length: number }[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  return first ? { from: first.offset, to: first.offset + Math.max(1, first.length), message: 'JSON syntax' } : undefined;
}

// The meta-schema, walked for completion: which properties an object at a path may have, and which
// values a property takes.
function resolve(root: SchemaNode, node: unknown): SchemaNode[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as SchemaNode;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  const own = ref ? resolve(root, pointerPath(ref.slice(1)).reduce<unknown>((at, part) => (at as SchemaNode | undefined)?.[part as string], root)) : [schema];
  const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  const conditional = [schema.then, schema.else].filter(Boolean);
  return [...own, ...[...branches, ...conditional].flatMap((branch) => resolve(root, branch))];
}

function schemasAt(root: SchemaNode, path: JSONPath): SchemaNode[] {
  let nodes = resolve(root, root);
  for (const segment of path) {
    nodes = nodes.flatMap((node) => {
      if (typeof segment === 'number') return resolve(root, node.items);
      const properties = node.properties as Record<string, unknown> | undefined;
      return resolve(root, properties?.[segment]);
    });
  }
  return nodes;
}

const unique = <T>(values: T[]) => [...new Set(values)];

export interface Completion {
  label: string;
  /** What the editor inserts: a property name or value as JSON. */
  apply: string;
  kind: 'property' | 'value';
}

/** What the meta-schema allows at an offset: property names at a key, a property's values after its colon. */
export function completionsAt(text: string, offset: number, metaSchema: SchemaNode, extraValues: Record<string, string[]> = {}): { from: number; options: Completion[] } | undefined {
  const location = getLocation(text, offset);
  const word = /"?[\w$.-]*$/.exec(text.slice(0, offset))?.[0] ?? '';
  const from = offset - word.length;
  if (location.isAtPropertyKey) {
    const names = unique(schemasAt(metaSchema, location.path.slice(0, -1)).flatMap((node) => Object.keys((node.properties as object | undefined) ?? {})));
    return names.length ? { from, options: names.map((name) => ({ label: name, apply: JSON.stringify(name), kind: 'property' })) } : undefined;
  }
  const property = location.path.at(-1);
  if (typeof property !== 'string') return undefined;
  const schemas = schemasAt(metaSchema, location.path);
  const values = unique([
    ...schemas.flatMap((node) => [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])]),
    ...(extraValues[property] ?? []),
  ]);
  return values.length ? { from, options: values.map((value) => ({ label: String(value), apply: JSON.stringify(value), kind: 'value' })) } : undefined;
}
