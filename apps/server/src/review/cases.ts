// A case as staff work it: loaded by id, and refused to whoever does not hold it.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { applications, staff } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import type { Application } from '../applications/index.ts';

/** A case: an application submitted at least once. A draft is the applicant's alone: no staff route opens, claims or decides it. */
export async function loadCase(db: Database, id: string): Promise<Application> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row || row.submissionCount === 0) throw new AppError(404, '404', 'server.noApplication');
  return row;
}

/** Refuses when someone else holds the case, naming them. */
export async function refuseIfSomeoneElses(db: Database, application: Application, staffId: string) {
  if (!application.assignedTo || application.assignedTo === staffId) return;
  const [holder] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, application.assignedTo));
  throw new AppError(409, CODES.badState, 'server.caseClaimed', { name: holder?.name ?? '?' });
}

/** Staff names by id, read once for a case's notes, audit, screenings and pack: null for none or an unknown id. */
export async function staffNamer(db: Database): Promise<(id: string | null) => string | null> {
  const names = new Map((await db.select({ id: staff.id, name: staff.name }).from(staff)).map((row) => [row.id, row.name]));
  return (id) => (id ? (names.get(id) ?? null) : null);
}
