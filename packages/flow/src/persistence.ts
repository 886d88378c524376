// A machine snapshot can be saved (sessionStorage, the server) and restored. A restored snapshot is
// untrusted input: it is checked, and refused with a clear error, never crashing the flow.
import type { SnapshotFrom } from 'xstate';
import type { flowMachine } from './machine.ts';
import { MODES, PLATFORMS, REJECTION_KINDS, type FlowContext } from './context.ts';
import { STEP_NAMES } from './steps.ts';

// 2: the context holds the account type and the nationality.
export const FLOW_SNAPSHOT_VERSION = 2;

export interface StoredFlow {
  version: number;
  snapshot: unknown;
}

export class FlowSnapshotError extends Error {
  constructor(reason: string) {
    super(`The saved progress cannot be restored: ${reason}`);
    this.name = 'FlowSnapshotError';
  }
}

export const stampSnapshot = (snapshot: unknown): StoredFlow => ({ version: FLOW_SNAPSHOT_VERSION, snapshot });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isCodeList = (v: unknown) => Array.isArray(v) && v.every((code) => Number.isInteger(code));

const CONTEXT_CHECKS: Record<keyof FlowContext, (v: unknown) => boolean> = {
  mode: (v) => MODES.includes(v as never),
  platform: (v) => PLATFORMS.includes(v as never),
  status: (v) => v === null || [0, 1, 2, 3, 4, 5].includes(v as number),
  markets: isCount,
  openedMarkets: isCount,
  addingMarkets: isCount,
  accountType: (v) => v === null || [0, 1, 2].includes(v as number),
  nationality: (v) => v === null || (typeof v === 'string' && /^[A-Z]{3}(-PR)?$/.test(v)),
  rejectedItems: (v) => Array.isArray(v) && v.every((item) => isObject(item) && Number.isInteger(item.code) && typeof item.field === 'string'),
  rejectionKind: (v) => REJECTION_KINDS.includes(v as never),
  ctosValid: (v) => typeof v === 'boolean',
  ghlValid: (v) => typeof v === 'boolean',
  needPay: (v) => typeof v === 'boolean',
  ekycPassed: (v) => typeof v === 'boolean',
  masClientCodeActive: (v) => typeof v === 'boolean',
  fillStep: (v) => v === null || Number.isInteger(v),
  visited: isCodeList,
};

/** Accepts JSON text or a parsed value; returns a snapshot for createActor(flowMachine, { snapshot }). */
export function restoreSnapshot(stored: unknown): SnapshotFrom<typeof flowMachine> {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      throw new FlowSnapshotError('it is not valid JSON');
    }
  }
  if (!isObject(value)) throw new FlowSnapshotError('it is not an object');
  if (value.version !== FLOW_SNAPSHOT_VERSION) throw new FlowSnapshotError(`it was saved by version ${String(value.version)}, this is version ${FLOW_SNAPSHOT_VERSION}`);
  const snapshot = value.snapshot;
  if (!isObject(snapshot)) throw new FlowSnapshotError('the snapshot is missing');
  if (snapshot.status !== 'active') throw new FlowSnapshotError(`the flow is ${String(snapshot.status)}, not active`);
  if (typeof snapshot.value !== 'string' || !STEP_NAMES.includes(snapshot.value as never)) throw new FlowSnapshotError(`"${String(snapshot.value)}" is not a step`);
  if (!isObject(snapshot.context)) throw new FlowSnapshotError('the context is missing');
  for (const [key, check] of Object.entries(CONTEXT_CHECKS)) {
    if (!check(snapshot.context[key])) throw new FlowSnapshotError(`context.${key} is invalid`);
  }
  const unknownKeys = Object.keys(snapshot.context).filter((key) => !(key in CONTEXT_CHECKS));
  if (unknownKeys.length > 0) throw new FlowSnapshotError(`context has unknown fields: ${unknownKeys.join(', ')}`);
  return snapshot as unknown as SnapshotFrom<typeof flowMachine>;
}
