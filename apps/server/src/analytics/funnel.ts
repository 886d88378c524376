// Where applicants give up, from the app's own analytics events (no answer's value is in any of them):
// per form step and the version it was drawn with, how many reached it (form_view), how many went on
// (a successful step_next), how many left there, and the median time from reaching it to going on;
// per field, how many filled it in (input), how many a Next held back at it and for which rule
// (field_error), and how many of those who left the step touched it last. People are counted once
// (distinct members signed in), within days of Kuala Lumpur (UTC+8, no summer time).
import { STEPS } from '@kh/flow';
import { sql, type SQL } from 'drizzle-orm';
import { analyticsEvents } from '../db/schema.ts';
import { rowsOf, type Database } from '../db/database.ts';

export interface FunnelRange {
  /** First day, YYYY-MM-DD, Kuala Lumpur. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
  /** One step only (its fields); every step when absent. */
  stepId?: string;
}

export interface StepFigures {
  stepId: string;
  version: number;
  reached: number;
  completed: number;
  left: number;
  /** Median seconds from first reaching the step to first going on; null when nobody went on. */
  medianSeconds: number | null;
}

export interface FieldFigures {
  stepId: string;
  version: number;
  field: string;
  filled: number;
  /** People a Next held back at this field, by the rule's message key. */
  errors: Record<string, number>;
  /** People who left the step without going on, this field the last they touched. */
  leftHere: number;
}

/**
 * The form steps in the order they come on every route (a rejection's document upload right after
 * the identity check): reaching a later one is going on, whatever the route. The identity check has
 * no Next of its own (the provider's page decides), nor does a rejection's jump to the step sent back.
 */
const FORM_ORDER = STEPS.filter((step) => step.form && step.percent !== null)
  .sort((a, b) => a.percent! - b.percent! || a.code - b.code)
  .map((step, position) => [step.name, position] as const);
const stepOrder = sql.join(FORM_ORDER.map(([name, position]) => sql`(${name}, ${position}::int)`), sql`, `);

const KL_OFFSET = '+08:00';
export const dayStart = (day: string) => new Date(`${day}T00:00:00${KL_OFFSET}`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function funnel(db: Database, range: FunnelRange): Promise<{ steps: StepFigures[]; fields: FieldFigures[] }> {
  const from = dayStart(range.from);
  const until = dayAfter(range.to);
  // The events of every step are read even for one step's figures: going on may be reaching another.
  const onlyStep = (page: SQL) => (range.stepId ? sql`and ${page} = ${range.stepId}` : sql``);
  // The events of the range that name a step and a version, as columns.
  const events = sql`
    select id, member_id, event_code, event_value->>'page' as page, (event_value->>'version')::int as version,
           event_value->>'field' as field, event_value->>'rule' as rule, event_value->>'is_success' as ok, created_at
    from ${analyticsEvents}
    where created_at >= ${from} and created_at < ${until} and member_id is not null
      and event_code in ('form_view', 'step_next', 'input', 'field_error')
      and event_value->>'version' ~ '^[0-9]+$'`;
  // Went on: a Next that succeeded, or a later step reached after this one, whichever came first.
  const reachedAndDone = sql`
    ev as (${events}),
    step_order as (select * from (values ${stepOrder}) as o(page, position)),
    reach as (select page, version, member_id, min(created_at) as first_seen from ev where event_code = 'form_view' group by 1, 2, 3),
    done as (
      select page, version, member_id, min(at) as done_at from (
        select page, version, member_id, created_at as at from ev where event_code = 'step_next' and ok = 'true'
        union all
        select r.page, r.version, r.member_id, e.created_at
        from reach r
        join step_order here on here.page = r.page
        join ev e on e.member_id = r.member_id and e.event_code = 'form_view' and e.created_at >= r.first_seen
        join step_order later on later.page = e.page and later.position > here.position
      ) went
      group by 1, 2, 3
    )`;

  const steps = rowsOf<{ page: string; version: number; reached: number; completed: number; median: number | null }>(
    await db.execute(sql`
      with ${reachedAndDone}
      select r.page, r.version, count(*)::int as reached, count(d.member_id)::int as completed,
             percentile_cont(0.5) within group (order by extract(epoch from d.done_at - r.first_seen)) filter (where d.done_at >= r.first_seen) as median
      from reach r left join done d on d.page = r.page and d.version = r.version and d.member_id = r.member_id
      where true ${onlyStep(sql`r.page`)}
      group by r.page, r.version
      order by r.page, r.version`),
  );

  const fieldRows = rowsOf<{ page: string; version: number; field: string; filled: number; left_here: number }>(
    await db.execute(sql`
      with ${reachedAndDone},
      touched as (select page, version, field, count(distinct member_id)::int as filled from ev where event_code = 'input' and field is not null group by 1, 2, 3),
      last_touch as (
        select distinct on (page, version, member_id) page, version, member_id, field
        from ev where event_code in ('input', 'field_error') and field is not null
        order by page, version, member_id, created_at desc, id desc
      ),
      gave_up as (
        select l.page, l.version, l.field, count(*)::int as left_here from last_touch l
        where not exists (select 1 from done d where d.page = l.page and d.version = l.version and d.member_id = l.member_id)
        group by 1, 2, 3
      ),
      erred as (select distinct page, version, field from ev where event_code = 'field_error' and field is not null)
      select k.page, k.version, k.field, coalesce(t.filled, 0) as filled, coalesce(g.left_here, 0) as left_here
      from (select page, version, field from touched union select page, version, field from gave_up union select page, version, field from erred) k
      left join touched t on t.page = k.page and t.version = k.version and t.field = k.field
      left join gave_up g on g.page = k.page and g.version = k.version and g.field = k.field
      where true ${onlyStep(sql`k.page`)}
      order by k.page, k.version, k.field`),
  );
  const errorRows = rowsOf<{ page: string; version: number; field: string; rule: string; people: number }>(
    await db.execute(sql`
      with ev as (${events})
      select page, version, field, coalesce(rule, '') as rule, count(distinct member_id)::int as people
      from ev where event_code = 'field_error' and field is not null ${onlyStep(sql`page`)}
      group by 1, 2, 3, 4`),
  );

  const key = (page: string, version: number, field: string) => `${page} ${version} ${field}`;
  const errors = new Map<string, Record<string, number>>();
  for (const row of errorRows) {
    const k = key(row.page, Number(row.version), row.field);
    errors.set(k, { ...(errors.get(k) ?? {}), [row.rule]: Number(row.people) });
  }
  return {
    steps: steps.map((row) => ({
      stepId: row.page,
      version: Number(row.version),
      reached: Number(row.reached),
      completed: Number(row.completed),
      left: Number(row.reached) - Number(row.completed),
      medianSeconds: row.median === null || row.median === undefined ? null : Math.round(Number(row.median)),
    })),
    fields: fieldRows.map((row) => ({
      stepId: row.page,
      version: Number(row.version),
      field: row.field,
      filled: Number(row.filled),
      errors: errors.get(key(row.page, Number(row.version), row.field)) ?? {},
      leftHere: Number(row.left_here),
    })),
  };
}
