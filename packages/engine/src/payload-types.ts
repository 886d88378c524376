// The fill-data payload a step may write is declared in its own document (`payload`), so a new
// field is a schema change, not a code change: the lint checks each dataKey against it here, and
// the server refuses a published version that drops a key open applications hold.

export type PayloadLeaf = 'string' | 'number' | 'boolean';
export type PayloadShape = { readonly [key: string]: PayloadLeaf | PayloadShape | readonly [PayloadShape] };

/** The leaf type a dataKey reaches in a payload shape, or undefined when the path does not exist. */
export function payloadLeafType(shape: PayloadShape | undefined, segments: { property: string; selectKey?: string }[]): PayloadLeaf | undefined {
  let node: PayloadShape | PayloadLeaf | readonly [PayloadShape] | undefined = shape;
  for (const segment of segments) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    // Own properties only: "toString" is declared or absent, never Object.prototype's.
    node = Object.hasOwn(node, segment.property) ? (node as PayloadShape)[segment.property] : undefined;
    if (segment.selectKey !== undefined) {
      if (!Array.isArray(node)) return undefined;
      const element: PayloadShape = (node as readonly [PayloadShape])[0];
      if (!element || !Object.hasOwn(element, segment.selectKey)) return undefined;
      node = element;
    } else if (Array.isArray(node)) return undefined;
  }
  return typeof node === 'string' ? (node as PayloadLeaf) : undefined;
}

/** Every leaf path of a shape (`a.b`, `list[].c`), for comparing two versions' payloads. */
export function payloadPaths(shape: PayloadShape, prefix = ''): string[] {
  return Object.entries(shape).flatMap(([key, node]) => {
    const path = `${prefix}${key}`;
    if (typeof node === 'string') return [path];
    if (Array.isArray(node)) return payloadPaths((node as readonly [PayloadShape])[0], `${path}[].`);
    return payloadPaths(node as PayloadShape, `${path}.`);
  });
}
