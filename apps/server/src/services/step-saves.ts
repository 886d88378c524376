// A step's answer and its application's progress, written together by one statement. Saves that
// arrive in the same turn of the event loop share the statement: under load a round trip per save
// was the server's largest cost (the socket writes in `pnpm bench`'s profile), and on the embedded
// database each statement is a commit of its own.
import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { perDatabase, SAVE_BATCHING } from '../db/prepared.ts';
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
}

/** Writes the step and then the application's progress, neither without the other. */
export function saveStepAndProgress(db: Database, save: StepSave): Promise<void> {
  return stepSaver(db).load(save);
}

const stepSaver = perDatabase(
  (db) =>
    new DataLoader<StepSave, void>(
      async (saves) => {
        const results: (void | Error)[] = saves.map(() => undefined);
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
        return results;
      },
      SAVE_BATCHING,
    ),
);

async function writeTogether(db: Database, items: { save: StepSave; index: number }[], results: (void | Error)[]) {
  try {
    await db.execute(saveStatement(items.map(({ save }) => save)));
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
const rowsAndUpsert = sql.raw('with r as (select * from jsonb_to_recordset(');
const afterRows = sql.raw(`::jsonb) as r(application_id text, step_id text, payload jsonb, schema_version integer, progress jsonb)),
  saved as (
    insert into application_steps (application_id, step_id, payload, schema_version)
    select application_id, step_id, payload, schema_version from r
    on conflict (application_id, step_id) do update set payload = excluded.payload, schema_version = excluded.schema_version, updated_at = now()
    returning application_id
  )
  update applications a set ${progressAssignments}, updated_at = now()
  from r where a.id = r.application_id and a.id in (select application_id from saved)`);

function saveStatement(saves: readonly StepSave[]) {
  const rows = saves.map(({ applicationId, stepId, payload, schemaVersion, progress }) => ({
    application_id: applicationId,
    step_id: stepId,
    payload,
    schema_version: schemaVersion,
    progress: Object.fromEntries(Object.entries(progress).map(([key, value]) => [key, value ?? null])),
  }));
  return sql`${rowsAndUpsert}${JSON.stringify(rows)}${afterRows}`;
}
