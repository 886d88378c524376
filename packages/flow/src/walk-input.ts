// What `pnpm flow:walk --context '…' --events '…'` accepts: any flow context and any event sequence,
// written the way a developer thinks of them (market names, "margin", rejected step names), checked
// key by key so that a typo is an error naming it, never a silently different walk.
import { CONTEXT_KEYS, MODES, PLATFORMS, type FlowInput } from './context.ts';
import type { FlowEvent } from './machine.ts';
import { APPLICATION_STATUS, MARKET, parseRejectedReason, type ApplicationStatus, type RejectedItem } from './records.ts';
import { STEP_NAMES, codeOf, type StepName } from './steps.ts';

export class WalkInputError extends Error {}

const MARKET_NAMES: Record<string, number> = { MY: MARKET.MAS, MAS: MARKET.MAS, HK: MARKET.HK, US: MARKET.US };
// The engine's ACCOUNT_TYPE; flow does not depend on the engine.
const ACCOUNT_TYPES: Record<string, number> = { cash: 0, margin: 1, islamic: 2 };
const EVENT_TYPES = ['NEXT', 'PREVIOUS', 'EXIT', 'GOTO', 'JUMP', 'OPEN_PDF', 'CHOOSE_MARKETS', 'IDENTITY_RESULT', 'PAYMENT_RESULT', 'ANSWERED'] as const;
/** The status a mode implies when none is given (SPEC §4). */
const STATUS_OF_MODE: Partial<Record<string, ApplicationStatus>> = { rejected: APPLICATION_STATUS.fail, supplementary: APPLICATION_STATUS.success, draft: APPLICATION_STATUS.stash };

const isStepName = (value: unknown): value is StepName => typeof value === 'string' && (STEP_NAMES as readonly string[]).includes(value);

function markets(key: string, value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (Array.isArray(value))
    return value.reduce<number>((flags, name) => {
      const flag = MARKET_NAMES[String(name).toUpperCase()];
      if (flag === undefined) throw new WalkInputError(`${key}: unknown market "${name}" (MY, HK or US)`);
      return flags | flag;
    }, 0);
  throw new WalkInputError(`${key}: a list of markets (MY, HK, US) or their bit flags`);
}

function parseJson(flag: string, json: string): unknown {
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new WalkInputError(`${flag} is not JSON: ${(error as Error).message}`);
  }
}

/** "work" (the step as a whole), "work.position", or the server's "2004-position". */
function rejectedItem(value: unknown): RejectedItem {
  if (typeof value !== 'string') throw new WalkInputError(`rejected: "${String(value)}" is not a step name`);
  const [fromServer] = parseRejectedReason(value);
  if (fromServer) return fromServer;
  const [step, field] = value.split('.');
  if (!isStepName(step)) throw new WalkInputError(`rejected: unknown step "${step}"`);
  // A rejected identity step is its document: that item is what brings the check back (SPEC §3).
  return { code: codeOf(step), field: field ?? (step === 'identity' ? 'idDocument' : '*') };
}

/** The context of `--context`: FlowContext's own keys, with names where numbers would be cryptic. */
export function parseWalkContext(json: string): FlowInput {
  const raw = parseJson('--context', json);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new WalkInputError('--context must be a JSON object');
  const input: FlowInput = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'markets' || key === 'openedMarkets' || key === 'addingMarkets') input[key] = markets(key, value);
    else if (key === 'accountType') {
      const type = typeof value === 'string' ? ACCOUNT_TYPES[value.toLowerCase()] : value;
      if (type !== null && !Object.values(ACCOUNT_TYPES).includes(type as number)) throw new WalkInputError(`accountType: cash, margin, islamic (or 0, 1, 2), not ${JSON.stringify(value)}`);
      input.accountType = type as number | null;
    } else if (key === 'rejected') {
      if (!Array.isArray(value)) throw new WalkInputError('rejected: a list of steps, such as ["work", "tax"]');
      input.rejectedItems = value.map(rejectedItem);
    } else if (key === 'mode') {
      if (!MODES.includes(value as never)) throw new WalkInputError(`mode: one of ${MODES.join(', ')}`);
      input.mode = value as FlowInput['mode'];
    } else if (key === 'platform') {
      if (!PLATFORMS.includes(value as never)) throw new WalkInputError(`platform: one of ${PLATFORMS.join(', ')}`);
      input.platform = value as FlowInput['platform'];
    } else if ((CONTEXT_KEYS as readonly string[]).includes(key)) (input as Record<string, unknown>)[key] = value;
    else throw new WalkInputError(`unknown key "${key}"; known: ${[...CONTEXT_KEYS, 'rejected'].join(', ')}`);
  }
  if (input.rejectedItems?.length && !input.mode) input.mode = 'rejected';
  if (input.status === undefined && input.mode && STATUS_OF_MODE[input.mode] !== undefined) input.status = STATUS_OF_MODE[input.mode];
  return input;
}

/** The events of `--events`: a JSON list of events, or of bare types ("NEXT") for the ones without data. */
export function parseWalkEvents(json: string): FlowEvent[] {
  const raw = parseJson('--events', json);
  if (!Array.isArray(raw)) throw new WalkInputError('--events must be a JSON list, such as ["NEXT", {"type": "GOTO", "to": "contact"}]');
  return raw.map((entry, index) => {
    const event = (typeof entry === 'string' ? { type: entry } : entry) as { type?: unknown; to?: unknown };
    if (!event || typeof event !== 'object' || !EVENT_TYPES.includes(event.type as never)) throw new WalkInputError(`event ${index + 1}: type must be one of ${EVENT_TYPES.join(', ')}`);
    if ((event.type === 'GOTO' || event.type === 'JUMP') && !isStepName(event.to)) throw new WalkInputError(`event ${index + 1}: ${event.type} needs "to", a step name`);
    return event as FlowEvent;
  });
}
