import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FLOW_SNAPSHOT_VERSION, FlowSnapshotError, flowMachine, restoreSnapshot, stampSnapshot } from '../src/index.ts';
import { NEXT, run } from './helpers.ts';

const saved = () => JSON.stringify(stampSnapshot(run({ mode: 'new' }, NEXT, NEXT, NEXT).getPersistedSnapshot()));

describe('persistence: a snapshot is saved with a version stamp and restored as untrusted input', () => {
  it('restores where the applicant was, with what was reached', () => {
    const actor = createActor(flowMachine, { snapshot: restoreSnapshot(saved()), input: {} }).start();
    expect(actor.getSnapshot().value).toBe('identity');
    expect(actor.getSnapshot().context.visited).toEqual([1000, 2000, 2001, 2002]);
    actor.send(NEXT);
    expect(actor.getSnapshot().value).toBe('identityTransit');
  });
  const tamper = (change: (stored: { version: number; snapshot: Record<string, unknown> & { context: Record<string, unknown> } }) => void) => {
    const stored = JSON.parse(saved());
    change(stored);
    return () => restoreSnapshot(JSON.stringify(stored));
  };
  it.each([
    ['not JSON', () => restoreSnapshot('{oops'), /not valid JSON/],
    ['another version', tamper((s) => (s.version = FLOW_SNAPSHOT_VERSION + 1)), new RegExp(`saved by version ${FLOW_SNAPSHOT_VERSION + 1}`)],
    ['a bad nationality', tamper((s) => (s.snapshot.context.nationality = '<script>')), /context.nationality is invalid/],
    ['an unknown step', tamper((s) => (s.snapshot.value = 'admin')), /"admin" is not a step/],
    ['a bad mode', tamper((s) => (s.snapshot.context.mode = 'staff')), /context.mode is invalid/],
    ['a bad market flag', tamper((s) => (s.snapshot.context.markets = -1)), /context.markets is invalid/],
    ['an injected field', tamper((s) => (s.snapshot.context.isStaff = true)), /unknown fields: isStaff/],
    ['a finished flow', tamper((s) => (s.snapshot.status = 'done')), /not active/],
    ['nothing at all', () => restoreSnapshot(null), /not an object/],
  ])('refuses %s with a clear error', (_name, restore, message) => {
    expect(restore).toThrow(FlowSnapshotError);
    expect(restore).toThrow(message);
  });
});
