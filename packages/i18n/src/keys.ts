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
