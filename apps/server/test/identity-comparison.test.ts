// The identity as typed beside the identity as read (issue: the review console for compliance): a name
// typed at the identity step otherwise than the document reads is kept and shown as differing (the
// personal step is locked to the reading, so it alone would always "match"), and counts for a second
// approval; the registered address is shown beside the ID's, not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);

async function submitted(n: number, typedName: string, read: Record<string, string> = {}) {
  const { applyId } = await submittedCase(server, n, { change: (data) => (data.identity.documentName = typedName), read });
  return (await rita('GET', `/staff/applications/${applyId}`)).body.data;
}

describe('the identity as typed and as read', () => {
  it('keeps a name typed otherwise than the document reads, shows both, and asks for a second approval', async () => {
    const seen = await submitted(9951, 'Chong Wei Ling', { name: 'CHONG WEI LEONG' });
    expect(seen.verifiedIdentity.name).toBe('CHONG WEI LEONG');
    // The personal step holds the reading; the identity step's typing is kept beside it.
    expect(seen.identityComparison).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fact: 'name', field: 'documentName', typed: 'CHONG WEI LEONG', matches: true }),
        expect.objectContaining({ fact: 'name', field: 'identityCheck', verified: 'CHONG WEI LEONG', typed: 'Chong Wei Ling', matches: false }),
      ]),
    );
    expect(seen.identityMismatch).toBe(true);
    expect(seen.secondApprovalReasons).toContain('identityMismatch');
  });

  it('a name typed as read (in any case) is one row, matching; the address typed is shown beside the ID’s', async () => {
    const seen = await submitted(9952, 'tan ah kow', { name: 'TAN AH KOW', idAddress: 'NO 12 JALAN AMPANG 50450 KUALA LUMPUR WILAYAH PERSEKUTUAN' });
    expect(seen.identityComparison.filter((row: { fact: string }) => row.fact === 'name')).toEqual([expect.objectContaining({ matches: true })]);
    expect(seen.identityMismatch).toBe(false);
    // The fixture's registered address is No 12, Jalan Ampang, 50450 Kuala Lumpur: the same as the ID's.
    expect(seen.addressComparison).toEqual({ read: 'NO 12 JALAN AMPANG 50450 KUALA LUMPUR WILAYAH PERSEKUTUAN', typed: 'No 12, Jalan Ampang, 50450 Kuala Lumpur', matches: true });

    const moved = await submitted(9953, 'TAN AH KOW', { name: 'TAN AH KOW', idAddress: '3A LORONG BATU LANCHANG 8 TAMAN SRI BATU LANCHANG 11600 JELUTONG PULAU PINANG' });
    expect(moved.addressComparison).toMatchObject({ matches: false });
    // Shown, not counted: people move.
    expect(moved.identityMismatch).toBe(false);
  });
});
