// "Next case" (issue: the review console for compliance): a reviewer is handed the longest-waiting
// case nobody holds, claimed in the same statement; reviewers asking at once get different cases,
// never one twice (on PostgreSQL too, where the requests really overlap).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const REVIEWERS = ['r1', 'r2', 'r3', 'r4', 'r5'];

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [...REVIEWERS.map((key) => [key, `Reviewer ${key}`, 'reviewer'] as [string, string, 'reviewer']), ['admin', 'Ada Admin', 'admin']]));
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);

const submitted = async (n: number): Promise<string> => (await submittedCase(server, n)).applyId;

describe('next case', () => {
  it('hands the oldest unclaimed case to whoever asks, claimed; five at once for three cases: three different cases, two told there is none', async () => {
    const cases = [await submitted(9601), await submitted(9602), await submitted(9603)];
    const answers = await Promise.all(REVIEWERS.map((who) => as(who)('POST', '/staff/applications/next')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const handed = answers.map((answer) => answer.body.data?.id as string | undefined).filter(Boolean);
    expect(handed.sort()).toEqual([...cases].sort());
    // Each case is held by the one it was handed to.
    for (const [index, answer] of answers.entries()) {
      if (!answer.body.data) continue;
      const seen = (await as(REVIEWERS[index]!)('GET', `/staff/applications/${answer.body.data.id}`)).body.data;
      expect(seen.assigneeName).toBe(`Reviewer ${REVIEWERS[index]}`);
    }
    // Nothing left: no case.
    expect((await as('r1')('POST', '/staff/applications/next')).body.data).toBeNull();
  });

  it('the longest-waiting first', async () => {
    const older = await submitted(9604);
    await submitted(9605);
    expect((await as('r2')('POST', '/staff/applications/next')).body.data.id).toBe(older);
  });
});
