// A step's answer and its application's progress, written together by one statement. Saves that
// arrive in the same turn of the event loop share the statement: under load a round trip per save
// was the server's largest cost (the socket writes in `pnpm bench`'s profile), and on the embedded
// database each statement is a commit of its own.
import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { namedStatement, perDatabase, SAVE_BATCHING } from '../db/prepared.ts';
import { applications } from '../db/schema.ts';

/** The application's columns a save sets beside its step: the progress, and what the review queue and the uniqueness rules read. */
const PROGRESS_COLUMNS = {
  fillStep: 'integer',
  invitationCode: 'text',
  username: 'text',
  email: 'text',
  nationality: 'text',
  idNo: 'text',
  market: 'integer',
  accountType: 'integer',
  islamic: 'boolean',
} as const;
type ProgressKey = keyof typeof PROGRESS_COLUMNS;
/** A key given as undefined is written as null; a key not given leaves its column as it is. */
export type SaveProgress = { fillStep: number } & Partial<Record<Exclude<ProgressKey, 'fillStep'>, string | number | boolean | null | undefined>>;

export interface StepSave {
  applicationId: string;
  stepId: string;
  payload: Record<string, unknown>;
  /** The step version the answer was given under. */
  schemaVersion: number;
  progress: SaveProgress;
  /** The step's revision the page was drawn from: the save lands only while the step is still at it. Absent: no check. */
  basedOn?: number;
}

/** A save drawn from a revision the step has left (another device saved since). Nothing was written. */
export class StaleStepSave extends Error {
  constructor() {
    super('The step was saved elsewhere since this page was drawn.');
  }
}

/** Writes the step and then the application's progress, neither without the other; answers the step's new revision. */
export function saveStepAndProgress(db: Database, save: StepSave): Promise<number> {
  return stepSaver(db).load(save);
}

const stepSaver = perDatabase(
  (db) =>
    new DataLoader<StepSave, number>(
      async (saves) => {
        // Filled in as each save lands; an Error's stack is made only for a save that did not (one per
        // save up front was 1.3% of the server's CPU in the saves bench's profile).
        const results: (number | Error | undefined)[] = saves.map(() => undefined);
        // An application appears once per statement (an upsert may not touch a row twice): a second
        // save of the same application, from another tab, goes in the next statement, in the order they came.
        let waiting = saves.map((save, index) => ({ save, index }));
        while (waiting.length > 0) {
          const together: typeof waiting = [];
          const later: typeof waiting = [];
          const applicationIds = new Set<string>();
          for (const item of waiting) {
            if (applicationIds.has(item.save.applicationId)) {
              later.push(item);
            } else {
              applicationIds.add(item.save.applicationId);
              together.push(item);
            }
          }
          await writeTogether(db, together, results);
          waiting = later;
        }
        return results.map((result) => result ?? new StaleStepSave());
      },
      SAVE_BATCHING,
    ),
);

async function writeTogether(db: Database, items: { save: StepSave; index: number }[], results: (number | Error | undefined)[]) {
  try {
    // A save whose step moved past its revision returns no row: it stays a StaleStepSave.
    const saved = await saveStatement(db, { rows: JSON.stringify(statementRows(items.map(({ save }) => save))) });
    const revisions = new Map(rowsOf<{ application_id: string; revision: number }>(saved).map((row) => [row.application_id, Number(row.revision)]));
    for (const { save, index } of items) {
      const revision = revisions.get(save.applicationId);
      if (revision !== undefined) results[index] = revision;
    }
  } catch (error) {
    if (items.length === 1) {
      results[items[0]!.index] = error instanceof Error ? error : new Error(String(error));
      return;
    }
    // One save's failure is its own: each is written alone, so the others still land.
    for (const item of items) await writeTogether(db, [item], results);
  }
}

// The statement's text is made once: only the rows change from one save to the next.
const progressAssignments = Object.entries(PROGRESS_COLUMNS)
  .map(([key, type]) => {
    const column = `"${applications[key as ProgressKey].name}"`;
    return `${column} = case when r.progress ? '${key}' then (r.progress ->> '${key}')::${type} else a.${column} end`;
  })
  .join(', ');
// The application's updated_at is not set: the save is dated on its step. An update that leaves every
// indexed column as it was is HOT (no new entry in any of the table's fifteen indexes). Dated, a save
// cost the database 0.40 ms of CPU against 0.32, and a trigram index's pending list, when it
// overflowed, was cleaned up inside whichever save it was (33-57 ms).
const rowsAndUpsert = sql.raw('with r as (select * from jsonb_to_recordset(');
const afterRows = sql.raw(`::jsonb) as r(application_id text, step_id text, payload jsonb, schema_version integer, progress jsonb, based_on integer)),
  saved as (
    insert into application_steps (application_id, step_id, payload, schema_version, based_on)
    select application_id, step_id, payload, schema_version, based_on from r
    on conflict (application_id, step_id) do update set payload = excluded.payload, schema_version = excluded.schema_version, based_on = excluded.based_on, revision = application_steps.revision + 1, updated_at = now()
    where excluded.based_on is null or excluded.based_on = application_steps.revision
    returning application_id, revision
  ),
  progressed as (
    update applications a set ${progressAssignments}
    from r where a.id = r.application_id and a.id in (select application_id from saved)
  )
  select application_id, revision from saved`);

const saveStatement = namedStatement('kh_step_save', sql`${rowsAndUpsert}${sql.placeholder('rows')}${afterRows}`);

/** The statement's rows: one a save. */
function statementRows(saves: readonly StepSave[]) {
  return saves.map(({ applicationId, stepId, payload, schemaVersion, progress, basedOn }) => ({
    application_id: applicationId,
    step_id: stepId,
    payload,
    schema_version: schemaVersion,
    progress: Object.fromEntries(Object.entries(progress).map(([key, value]) => [key, value ?? null])),
    based_on: basedOn ?? null,
  }));
}
