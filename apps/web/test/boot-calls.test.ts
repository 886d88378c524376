// The boot's calls started as the page loads (src/app/boot-calls.ts), without a browser: the boot
// takes a started call only when it asks the very same one, once, and asks anew otherwise.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const made: string[] = [];
const answer = (name: string, value: unknown) => (...args: unknown[]) => (made.push(`${name} ${JSON.stringify(args)}`), Promise.resolve(value));
vi.mock('../src/app/services.ts', () => ({
  setApiLanguage: () => undefined,
  endpoints: {
    apply: {
      check: answer('check', { exist: true, success: false, status: 1, applyId: 'A1', bankName: 'MBB' }),
      queryPaymentType: answer('paymentType', { needPay: true }),
      fetchData: answer('stepData', {}),
    },
    supplement: { check: answer('supplementCheck', null) },
    dictionary: { appCommons: answer('appCommons', {}) },
    passport: { getUsers: answer('user', { mid: 'm1' }) },
    ekyc: { fetchStatus: answer('ekycStatus', { isEkycSuccess: false }) },
  },
}));

const store = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) },
});

const { dropUntakenCalls, firstRound, secondRound, startBootCalls } = await import('../src/app/boot-calls.ts');
const { keepSavedFlow, markHandoff } = await import('../src/app/saved-flow.ts');
const record = { exist: true, success: false, status: 1, applyId: 'A1', bankName: 'MBB', fillStep: null };

beforeEach(() => {
  made.length = 0;
  store.clear();
  dropUntakenCalls();
});

describe("the boot's early calls", () => {
  it('makes the first round once: started with the page, taken by the boot', async () => {
    startBootCalls('en', '');
    expect(made).toHaveLength(4);
    const [checked] = await firstRound();
    expect(checked.applyId).toBe('A1');
    expect(made).toHaveLength(4);
  });

  it('on a reload mid-flow, starts the second round for the saved application, and the boot asks nothing again', async () => {
    keepSavedFlow({ applyId: 'A1', relatedType: 'INIT', status: 1, bankName: 'MBB', flow: {} });
    startBootCalls('en', '');
    expect(made.filter((call) => call.startsWith('stepData'))).toHaveLength(4);
    expect(made.filter((call) => call.startsWith('ekycStatus') || call.startsWith('paymentType'))).toHaveLength(2);
    const before = made.length;
    await firstRound();
    await secondRound(record, 'A1', 'INIT', false);
    expect(made).toHaveLength(before);
  });

  it('asks again what it guessed wrong: another application, another bank', async () => {
    keepSavedFlow({ applyId: 'OLD', relatedType: 'INIT', status: 1, bankName: 'CIMB', flow: {} });
    startBootCalls('en', '');
    made.length = 0;
    await firstRound();
    await secondRound(record, 'A1', 'INIT', false);
    expect(made.sort()).toEqual([
      'ekycStatus [{"relateType":"INIT","relateId":"A1"}]',
      'paymentType [{"applyId":"A1","relatedType":"INIT","bankName":"MBB"}]',
      ...[2000, 2001, 2003, 2005].map((fillStep) => `stepData [{"fillStep":${fillStep},"relatedType":"INIT","applyId":"A1"}]`),
    ]);
  });

  it('guesses nothing for a phone handed over by QR code', () => {
    keepSavedFlow({ applyId: 'A1', relatedType: 'INIT', status: 1, flow: {} });
    startBootCalls('en', '?handoff=1');
    markHandoff();
    startBootCalls('en', '');
    expect(made.map((call) => call.split(' ')[0]).sort()).toEqual(['appCommons', 'check', 'supplementCheck', 'user']);
  });

  it('keeps nothing for a later boot (a logout and a login on the same page)', async () => {
    startBootCalls('en', '');
    dropUntakenCalls();
    made.length = 0;
    await firstRound();
    expect(made).toHaveLength(4);
  });

  it('leaves a failed call it was not asked for to nobody: no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const services = await import('../src/app/services.ts');
    const check = services.endpoints.apply.check;
    services.endpoints.apply.check = () => Promise.reject(new Error('offline'));
    try {
      startBootCalls('en', '');
      dropUntakenCalls();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      services.endpoints.apply.check = check;
      process.off('unhandledRejection', unhandled);
    }
  });
});
