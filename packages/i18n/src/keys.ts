// Flattening and parameter reading, for the completeness checks and the schema lint.

/** { a: { b: 'x' } } as [['a.b', 'x']] */
export function flattenMessages(messages: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value] as [string, string]];
    if (typeof value === 'object' && value !== null) return flattenMessages(value as Record<string, unknown>, path);
    return [];
  });
}

/** The {placeholders} a message uses, sorted. */
export const parametersOf = (message: string): string[] => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** A message by "namespace.path" in a language, with {param} filled in; falls back to en, then the key. */
export function translateFrom(
  resources: Record<string, Record<string, unknown>>,
  fallback: Record<string, Record<string, unknown>>,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const find = (tree: Record<string, unknown>) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  const message = find(resources) ?? find(fallback);
  if (typeof message !== 'string') return key;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
