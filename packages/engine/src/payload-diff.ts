// What changed between two sets of step payloads, as one entry per leaf value: the reviewer's
// "what the applicant changed since the rejection". Arrays of objects (the address list) are
// compared by position; a list of plain values is one value.

export interface PayloadChange {
  step: string;
  /** The path inside the step's payload, as in a dataKey: "pep.exists", "addressList.0.city". */
  path: string;
  before: unknown;
  after: unknown;
}

type Payloads = Record<string, Record<string, unknown> | undefined>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLeafList = (value: unknown) => Array.isArray(value) && value.every((item) => !isObject(item) && !Array.isArray(item));

function leaves(value: unknown, prefix: string, into: Map<string, unknown>) {
  if (isObject(value)) for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  else if (Array.isArray(value) && !isLeafList(value)) value.forEach((inner, index) => leaves(inner, `${prefix}.${index}`, into));
  else into.set(prefix, value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function diffPayloads(before: Payloads, after: Payloads): PayloadChange[] {
  const changes: PayloadChange[] = [];
  const steps = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const step of steps) {
    const was = new Map<string, unknown>();
    const now = new Map<string, unknown>();
    leaves(before[step] ?? {}, '', was);
    leaves(after[step] ?? {}, '', now);
    for (const path of new Set([...was.keys(), ...now.keys()])) if (!same(was.get(path), now.get(path))) changes.push({ step, path, before: was.get(path) ?? null, after: now.get(path) ?? null });
  }
  return changes;
}
