// The queue's counts stop one past a cap (issue: the back office at a million applications): a tab
// says "10,000+" rather than read every case to say how many more. Here with a cap of 10.
import { loadBusinessCalendar } from '@kh/calendar/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseQueue } from '../src/review/case-queue.ts';
import { applications, members } from '../src/db/schema.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  const at = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const rows = Array.from({ length: 28 }, (_, i) => ({ i, status: i < 25 ? 2 : 4 }));
  await server.database.db.insert(members).values(rows.map(({ i }) => ({ id: `qm${i}`, countryCode: '60', mobile: `1770000${String(i).padStart(2, '0')}` })));
  await server.database.db
    .insert(applications)
    .values(rows.map(({ i, status }) => ({ id: `qa${i}`, memberId: `qm${i}`, relatedType: 'INIT' as const, status, submittedAt: at(i), dueAt: at(i - 48), submissionCount: 1, applicantName: `Applicant ${i}` })));
});
afterAll(() => server.close());

describe('the queue at scale', () => {
  const calendar = loadBusinessCalendar();
  it('counts up to one past the cap, and exactly below it', async () => {
    const capped = await caseQueue(server.database.db, calendar, { page: 1, pageSize: 20 }, 'nobody', new Date(), 10);
    expect(capped).toMatchObject({ countCap: 10, total: 11, overdue: 0 });
    expect(capped.counts).toEqual({ submitted: 11, inReview: 0, secondApproval: 0, rejected: 0, resubmitted: 0, approved: 3 });
    // The page itself is whole, in the queue's order: the case due soonest first (due 21 hours from now).
    expect(capped.items).toHaveLength(20);
    expect(capped.items[0]!.id).toBe('qa27');
    const exact = await caseQueue(server.database.db, calendar, { page: 1, pageSize: 20 }, 'nobody');
    expect(exact).toMatchObject({ total: 28 });
    expect(exact.counts).toMatchObject({ submitted: 25, approved: 3 });
    expect((await caseQueue(server.database.db, calendar, { page: 1, pageSize: 20, state: 'approved' }, 'nobody')).items.map((item) => item.id)).toEqual(['qa27', 'qa26', 'qa25']);
  });
});
