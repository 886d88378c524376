// How the two versions of a step experiment did, from the app's analytics events (no answer's value is
// in any of them): the people who first reached the step while the experiment ran (someone who had
// reached it before is no new applicant), by the version they were first drawn, how many went on
// (a successful step_next under that version) and how many a Next held back at a field (field_error).
import { sql } from 'drizzle-orm';
import { analyticsEvents } from '../db/schema.ts';
import { rowsOf, type Database } from '../db/database.ts';

export interface ArmFigures {
  version: number;
  reached: number;
  completed: number;
  erred: number;
}

export async function experimentArms(db: Database, { stepId, versions, from, until }: { stepId: string; versions: number[]; from: Date; until: Date }): Promise<ArmFigures[]> {
  const rows = rowsOf<{ version: number; reached: number; completed: number; erred: number }>(
    await db.execute(sql`
      with ev as (
        select member_id, event_code, (event_value->>'version')::int as version, event_value->>'is_success' as ok, created_at
        from ${analyticsEvents}
        where member_id is not null and event_value->>'page' = ${stepId} and created_at < ${until}
          and event_code in ('form_view', 'step_next', 'field_error') and event_value->>'version' ~ '^[0-9]+$'
      ),
      first_view as (
        select distinct on (member_id) member_id, version, created_at from ev where event_code = 'form_view' order by member_id, created_at
      ),
      arm as (select member_id, version from first_view where created_at >= ${from} and version in (${sql.join(versions.map((v) => sql`${v}`), sql`, `)}))
      select a.version,
             count(*)::int as reached,
             count(*) filter (where exists (select 1 from ev e where e.member_id = a.member_id and e.version = a.version and e.event_code = 'step_next' and e.ok = 'true'))::int as completed,
             count(*) filter (where exists (select 1 from ev e where e.member_id = a.member_id and e.version = a.version and e.event_code = 'field_error'))::int as erred
      from arm a group by a.version order by a.version`),
  );
  return rows.map((row) => ({ version: Number(row.version), reached: Number(row.reached), completed: Number(row.completed), erred: Number(row.erred) }));
}
