// Personal data never reaches a log or a stored error report, on any path, the failures included:
// a save that the database refuses (its error quoting the row, drizzle's message carrying every
// parameter) is logged and reported with neither; so is every line of an ordinary applicant's day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorReports } from '../src/db/schema.ts';
import { answers, fill, uploadedPath } from './fixtures.ts';
import { login, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  server = await startServer({}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => server.close());

const mobile = '137300451';
const data = answers(451, { proof: '', statement: '', signature: '' }, mobile);
/** What identifies this applicant: none of it may be written down by the server. */
const personal = [String(data.personal.nricNumber), mobile, String(data.contact.email), String(data.contact.username), 'TAN AH KOW', 'Jalan Ampang'];

describe('no personal data in logs or error reports', () => {
  it('a save the database fails mid-way: a 500 in the applicant\'s language; the log and the report name the failure, not the answers', async () => {
    const c = await login(server, mobile);
    await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    expect((await fill(c, 'contact', data.contact)).status).toBe(200);
    // The database refuses the personal step, quoting the whole row back in its error's detail.
    await server.database.db.execute(sql.raw(`
      create function kh_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.step_id = 'personal' then raise exception 'refused for the test' using detail = new.payload::text; end if;
        return new;
      end $$;
      create trigger kh_test_refuse before insert or update on application_steps for each row execute function kh_test_refuse();`));
    try {
      const failed = await fill(c, 'personal', data.personal);
      expect(failed.status).toBe(500);
      expect(failed.body.msg).toBe('Server error');
    } finally {
      await server.database.db.execute(sql.raw('drop trigger kh_test_refuse on application_steps; drop function kh_test_refuse();'));
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    const reports = await server.database.db.select().from(errorReports);
    expect(reports.length).toBeGreaterThan(0);
    expect(JSON.stringify(reports)).toContain('params: [redacted]');
    for (const value of personal) {
      expect(log, value).not.toContain(value);
      expect(JSON.stringify(reports), value).not.toContain(value);
    }
  });

  it('an applicant\'s ordinary day (login, an upload, a save) logs at debug nothing that identifies them', async () => {
    lines.length = 0;
    const other = answers(452, { proof: '', statement: '', signature: '' }, '137300452');
    const c = await login(server, '137300452');
    await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    await uploadedPath(c);
    expect((await fill(c, 'contact', other.contact)).status).toBe(200);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const value of ['137300452', String(other.contact.email), String(other.contact.username)]) expect(log, value).not.toContain(value);
  });
});
