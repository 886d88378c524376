// Two editors of the studio, as its review asks (one writes, the other publishes), calling the staff
// API of a running product: what the e2e tests publish before an applicant walks the app.
import { staffLogin } from '@kh/testing';
import { createStaff } from '../../server/src/staff/staff-auth.ts';
import type { Product } from './harness.ts';

export type StaffCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

export async function editors(product: Product): Promise<{ author: StaffCall; checker: StaffCall; publish(stepId: string, version: { document: unknown; translations: Record<string, Record<string, string>> }): Promise<number> }> {
  const db = product.database.db;
  await createStaff(db, { email: 'author@broker.example', name: 'Amy Author', password: 'e2e editor password', role: 'editor' });
  await createStaff(db, { email: 'checker@broker.example', name: 'Chris Checker', password: 'e2e editor password', role: 'editor' });
  const call = (who: string): StaffCall => async (method, path, body) => {
    const token = await staffLogin(product.origin, `${who}@broker.example`, 'e2e editor password');
    const res = await fetch(`${product.origin}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const answer = (await res.json()) as { data: Record<string, unknown> };
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const author = call('author');
  const checker = call('checker');
  /** Written by the author, published by the checker: the version now live. */
  async function publish(stepId: string, version: { document: unknown; translations: Record<string, Record<string, string>> }): Promise<number> {
    const draft = (await author('POST', `/staff/studio/steps/${stepId}/drafts`, version)) as { version: number; problems: unknown[] };
    if (draft.problems.length > 0) throw new Error(`${stepId}: ${JSON.stringify(draft.problems)}`);
    await author('POST', `/staff/studio/steps/${stepId}/versions/${draft.version}/submit`);
    await checker('POST', `/staff/studio/steps/${stepId}/versions/${draft.version}/publish`, {});
    return draft.version;
  }
  return { author, checker, publish };
}
