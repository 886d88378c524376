import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_LIMITS, PollExhaustedError, canonicalString, createLoginCache, createLoginTrigger, createToastStore, debounce, hmacSha256, poll, signFields } from '../src/index.ts';

afterEach(() => vi.useRealTimers());

describe('toasts: the same message is de-duplicated within 50 ms, and each shows for 3 s', () => {
  it('de-duplicates within 50 ms, not after', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    expect(store.show({ kind: 'error', messageKey: 'errors.network' })).toBeDefined();
    vi.advanceTimersByTime(49);
    expect(store.show({ kind: 'error', messageKey: 'errors.network' })).toBeUndefined();
    vi.advanceTimersByTime(2);
    expect(store.show({ kind: 'error', messageKey: 'errors.network' })).toBeDefined();
    expect(store.get()).toHaveLength(2);
  });
  it('a toast disappears after 3 s and subscribers hear of it', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const sizes: number[] = [];
    store.subscribe((toasts) => sizes.push(toasts.length));
    store.show({ kind: 'error', messageKey: 'errors.timeout' });
    vi.advanceTimersByTime(2999);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
    expect(sizes).toEqual([1, 0]);
  });
  it('a loading toast stays until dismissed', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const id = store.show({ kind: 'loading', messageKey: 'flow.toast.saving' })!;
    vi.advanceTimersByTime(10_000);
    expect(store.get()).toHaveLength(1);
    store.dismiss(id);
    expect(store.get()).toHaveLength(0);
  });
});

describe('retry poller: every 300 ms, up to 20 tries', () => {
  it('uses the SPEC values', () => expect(API_LIMITS.poll).toEqual({ intervalMs: 300, tries: 20 }));
  it('stops as soon as the answer is final', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const done = poll(async () => ++calls, (n) => n === 3);
    await vi.advanceTimersByTimeAsync(600);
    await expect(done).resolves.toBe(3);
  });
  it('gives up after 20 tries, 300 ms apart', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const done = poll(async () => ++calls, () => false);
    const assertion = expect(done).rejects.toBeInstanceOf(PollExhaustedError);
    await vi.advanceTimersByTimeAsync(19 * 300);
    await assertion;
    expect(calls).toBe(20);
  });
});

describe('debounce helper: 500 ms', () => {
  it('calls once, 500 ms after the last call', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const debounced = debounce((value: string) => calls.push(value));
    debounced('a');
    vi.advanceTimersByTime(400);
    debounced('ab');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['ab']);
  });
});

describe('login trigger and the 10-minute login cache', () => {
  it('in a browser, goes to the login page with target and language', () => {
    const visited: string[] = [];
    createLoginTrigger({ inApp: false, navigate: (url) => visited.push(url), currentUrl: () => 'http://127.0.0.1/info/base?tab=MY', language: () => 'zh-HK' })();
    expect(visited).toEqual(['/login?target=http%3A%2F%2F127.0.0.1%2Finfo%2Fbase%3Ftab%3DMY&language=zh-HK']);
  });
  it('a session that ended says so: the login page is told why', () => {
    const visited: string[] = [];
    createLoginTrigger({ inApp: false, navigate: (url) => visited.push(url), currentUrl: () => '/info/base', language: () => 'en' })('expired');
    expect(visited).toEqual(['/login?target=%2Finfo%2Fbase&language=en&reason=expired']);
  });
  it('in the app, asks the native side through the bridge', () => {
    const asked: string[] = [];
    const bridge = { login: () => asked.push('login'), close: () => {}, appVersion: () => '5.2.0' };
    createLoginTrigger({ inApp: true, bridge, navigate: () => asked.push('navigate'), currentUrl: () => '', language: () => 'en' })();
    expect(asked).toEqual(['login']);
  });
  it('caches "logged in" for 10 minutes, then checks again', async () => {
    let now = 0;
    let checks = 0;
    const cache = createLoginCache(async () => (++checks, true), { now: () => now });
    await cache.isLoggedIn();
    now = 10 * 60_000 - 1;
    await cache.isLoggedIn();
    expect(checks).toBe(1);
    now = 10 * 60_000;
    await cache.isLoggedIn();
    expect(checks).toBe(2);
  });
  it('keeps "logged out" for 5 s only: the first page asks once, a login elsewhere is seen soon after', async () => {
    let now = 0;
    let checks = 0;
    const cache = createLoginCache(async () => (++checks, false), { now: () => now });
    await cache.isLoggedIn();
    now = 4_999;
    expect(await cache.isLoggedIn()).toBe(false);
    expect(checks).toBe(1);
    now = 5_000;
    await cache.isLoggedIn();
    expect(checks).toBe(2);
    // A login in this page forgets it at once.
    cache.forget();
    await cache.isLoggedIn();
    expect(checks).toBe(3);
  });
  it('starts from the answer the page came with, for as long as that answer would be kept, then asks', async () => {
    let now = 0;
    let checks = 0;
    const cache = createLoginCache(async () => (++checks, true), { now: () => now });
    expect(cache.peek()).toBeUndefined();
    cache.seed(false);
    expect(cache.peek()).toBe(false);
    expect(await cache.isLoggedIn()).toBe(false);
    expect(checks).toBe(0);
    now = 5_000;
    expect(cache.peek()).toBeUndefined();
    expect(await cache.isLoggedIn()).toBe(true);
    expect(checks).toBe(1);
    expect(cache.peek()).toBe(true);
  });
  it('asked twice while a check is under way, asks the server once', async () => {
    let checks = 0;
    let answer!: (value: boolean) => void;
    const cache = createLoginCache(() => (++checks, new Promise<boolean>((resolve) => (answer = resolve))));
    const both = Promise.all([cache.isLoggedIn(), cache.isLoggedIn()]);
    answer(true);
    expect(await both).toEqual([true, true]);
    expect(checks).toBe(1);
    // A check under way when the login is forgotten (a logout) answers its caller, and is not kept.
    cache.forget();
    const third = cache.isLoggedIn();
    const answerThird = answer;
    cache.forget();
    const fourth = cache.isLoggedIn();
    answer(false);
    answerThird(true);
    expect([await third, await fourth]).toEqual([true, false]);
    expect(checks).toBe(3);
    // What is kept is the fourth's answer, not the forgotten third's.
    expect(await cache.isLoggedIn()).toBe(false);
    expect(checks).toBe(3);
  });
});

describe('the signed send-auth-code request', () => {
  it('signs the canonical string with HMAC-SHA256 (RFC 4231 test case 2)', async () => {
    expect(await hmacSha256('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
  it('the canonical string sorts the fields and leaves the signature out', () => {
    expect(canonicalString({ timestamp: 2, mobile: '1', signature: 'x', nonce: 'n' })).toBe('mobile=1&nonce=n&timestamp=2');
  });
  it('adds nonce, version 1, salt version 1 and timestamp; changing any field breaks the signature', async () => {
    const signed = await signFields({ mobile: '123456789', countryCode: '60' }, 's3cret', { nonce: 'abc', timestamp: 1_700_000_000_000 });
    expect(signed).toMatchObject({ nonce: 'abc', version: 1, saltVersion: 1, timestamp: 1_700_000_000_000 });
    const { signature, ...rest } = signed;
    expect(await hmacSha256('s3cret', canonicalString(rest))).toBe(signature);
    expect(await hmacSha256('s3cret', canonicalString({ ...rest, mobile: '999' }))).not.toBe(signature);
  });
});
