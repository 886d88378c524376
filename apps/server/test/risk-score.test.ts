// The risk score (issue: the review console for compliance): each submit scores the case by the
// broker's rules (schemas/risk/risk-rules.json) from its facts, keeps the factors met, lists and sorts
// the queue by it, and a band at or above the rules' line needs a second approval. The rules are
// readable by reviewers, supervisors and admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../src/db/schema.ts';
import { type FormStep } from './fixtures.ts';
import { signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer'], ['sam', 'Sam Supervisor', 'supervisor'], ['ada', 'Ada Admin', 'admin'], ['eddie', 'Eddie Editor', 'editor']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);
const sam = staffCall(() => server.baseUrl, () => tokens.sam);

const submitted = async (n: number, change?: (data: Record<FormStep, Record<string, unknown>>) => void) => (await submittedCase(server, n, { change })).applyId;

describe('the risk score', () => {
  it('is low with no factor for a salaried Malaysian with a cash account', async () => {
    const applyId = await submitted(9801);
    const { risk, secondApprovalReasons } = (await rita('GET', `/staff/applications/${applyId}`)).body.data;
    expect(risk).toEqual({ score: 0, band: 'low', bandLabel: { en: 'Low', 'zh-HK': '低', 'zh-CN': '低' }, factors: [] });
    expect(secondApprovalReasons).toEqual([]);
  });

  it('adds up the factors the answers meet, and a high band needs a second approval', async () => {
    // Money services (20) with RM 600,001+ a year on RM 500,000 or less (15): 35, medium.
    const medium = await submitted(9802, (d) => Object.assign(d.work, { industry: 15, annualIncome: 4, estimatedNetWorth: 1 }));
    const seenMedium = (await rita('GET', `/staff/applications/${medium}`)).body.data;
    expect(seenMedium.risk).toMatchObject({ score: 35, band: 'medium' });
    expect(seenMedium.risk.factors.map((factor: { id: string; points: number; label: { en: string } }) => [factor.id, factor.points, factor.label.en])).toEqual([
      ['cashIntensiveIndustry', 20, 'Works in money services or precious metals'],
      ['incomeAboveNetWorth', 15, 'Income over RM 600,000 a year but net worth RM 500,000 or less'],
    ]);
    // A PEP (40) with a margin account (10): 50, high.
    const highCase = await submitted(9803, (d) => {
      Object.assign(d.declaration, { isPep: true, pepName: 'Dato Seri Example', pepPosition: 'Minister', pepEmployer: 'Government', pepCountry: 'MYS' });
      Object.assign(d.market, { marginAcc: true });
    });
    const seenHigh = (await rita('GET', `/staff/applications/${highCase}`)).body.data;
    expect(seenHigh.risk.band).toBe('high');
    expect(seenHigh.secondApprovalReasons).toContain('highRisk');

    // The queue filters and sorts by it, the riskiest first.
    const queue = (await rita('GET', '/staff/applications?state=submitted&sort=risk')).body.data;
    expect(queue.items[0]).toMatchObject({ id: highCase, riskBand: 'high' });
    expect(queue.items.map((item: { id: string }) => item.id).indexOf(medium)).toBe(1);
    expect((await rita('GET', '/staff/applications?risk=medium')).body.data.items.map((item: { id: string }) => item.id)).toEqual([medium]);

  });

  it('in the high band alone (no PEP, margin or identity difference) needs a second approval', async () => {
    const applyId = await submitted(9804, (d) => Object.assign(d.work, { industry: 15, annualIncome: 4, estimatedNetWorth: 1 }));
    // As stricter rules would have banded it at submit.
    await server.database.db.update(applications).set({ riskBand: 'high' }).where(eq(applications.id, applyId));
    expect((await rita('GET', `/staff/applications/${applyId}`)).body.data.secondApprovalReasons).toEqual(['highRisk']);
    await rita('POST', `/staff/applications/${applyId}/claim`);
    expect((await rita('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).body.data).toMatchObject({ awaitingSecondApproval: true, status: 2, opened: 0 });
    await sam('POST', `/staff/applications/${applyId}/claim`);
    expect((await sam('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).body.data.status).toBe(4);
  });

  it('rules are read by reviewers, supervisors and admins as the broker keeps them', async () => {
    const rules = (await rita('GET', '/staff/risk-rules')).body.data;
    expect(rules.secondApprovalFrom).toBe('high');
    expect(rules.factors.map((factor: { id: string }) => factor.id)).toContain('pep');
    expect((await staffCall(() => server.baseUrl, () => tokens.ada)('GET', '/staff/risk-rules')).status).toBe(200);
    expect((await staffCall(() => server.baseUrl, () => tokens.eddie)('GET', '/staff/risk-rules')).status).toBe(403);
  });
});
