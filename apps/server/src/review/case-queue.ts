// The reviewers' queue: cases by where they stand, filtered, searched, sorted and paged in the
// database, with a count per state under the same filters.
import { and, asc, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { businessDaysBefore, businessDaysBetween, regionsFor, type BusinessCalendar } from '@kh/calendar';
import { MARKET } from '@kh/flow';
import type { Database } from '../db/database.ts';
import { applications, members, staff } from '../db/schema.ts';
import { likeContaining } from '../db/like.ts';
import { rowsOf } from '../db/database.ts';
import { countUpTo } from '../db/count-up-to.ts';

export const CASE_STATES = ['submitted', 'inReview', 'secondApproval', 'rejected', 'resubmitted', 'approved'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** Where a case stands, from its status, claim, first approval and how often it was submitted (indexed as it is written here: drizzle/0027). */
export const caseState = sql<CaseState | null>`case
  when ${applications.status} = 4 then 'approved'
  when ${applications.status} = 5 then 'rejected'
  when ${applications.status} in (2, 3) and ${applications.firstApprovedBy} is not null then 'secondApproval'
  when ${applications.status} in (2, 3) and ${applications.submissionCount} > 1 then 'resubmitted'
  when ${applications.status} in (2, 3) and ${applications.assignedTo} is not null then 'inReview'
  when ${applications.status} in (2, 3) then 'submitted'
end`;

/** Counts stop here: a tab says "1,000+" rather than read every case to say how many more (nobody pages past fifty). */
export const COUNT_CAP = 1_000;

const MARKET_BITS = { HK: MARKET.HK, US: MARKET.US, MY: MARKET.MAS } as const;
export const SORTS = ['dueAt', 'submittedAt', 'updatedAt', 'name', 'risk'] as const;

/** An open case past its due time. */
const overdue = sql<boolean>`(${applications.status} in (2, 3) and ${applications.dueAt} < now())`;

export interface QueueQuery {
  state?: CaseState;
  /** The raw status (SPEC's numbers), for API clients that filter by it. */
  status?: number;
  market?: keyof typeof MARKET_BITS;
  accountType?: number;
  islamic?: boolean;
  pep?: boolean;
  kind?: 'new' | 'addMarket';
  /** Submitted at least this many business days ago. */
  minAgeDays?: number;
  /** Only open cases past their due time. */
  overdue?: boolean;
  /** Only cases whose risk at the latest submit fell in this band. */
  risk?: string;
  /** Name, NRIC or passport number, mobile, e-mail or client number. */
  q?: string;
  assignedToMe?: boolean;
  sort?: (typeof SORTS)[number];
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}


function filters(query: QueueQuery, staffId: string, calendar: BusinessCalendar, now: Date, found: string[] | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNotNull(applications.submittedAt)];
  if (query.status !== undefined) conditions.push(eq(applications.status, query.status));
  if (query.market) conditions.push(sql`(${applications.market} & ${MARKET_BITS[query.market]}) <> 0`);
  if (query.accountType !== undefined) conditions.push(eq(applications.accountType, query.accountType));
  if (query.islamic !== undefined) conditions.push(eq(applications.islamic, query.islamic));
  if (query.pep !== undefined) conditions.push(eq(applications.pep, query.pep));
  if (query.kind) conditions.push(eq(applications.relatedType, query.kind === 'new' ? 'INIT' : 'SUPPLEMENT'));
  if (query.minAgeDays) conditions.push(lte(applications.submittedAt, businessDaysBefore(calendar, now, query.minAgeDays, officeRegions(calendar))));
  if (query.overdue) conditions.push(overdue);
  if (query.risk) conditions.push(eq(applications.riskBand, query.risk));
  if (query.assignedToMe) conditions.push(eq(applications.assignedTo, staffId));
  // One parameter, the array, whatever its length.
  if (found) conditions.push(found.length ? sql`${applications.id} = any(${sql.param(found)}::text[])` : sql`false`);
  return and(...conditions);
}

/** A whole e-mail address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The applications a search finds, up to one past the cap: those whose own columns match and those
 * whose member's do, each found by its own trigram index (drizzle/0027; an OR across the two tables
 * would read every row of both). Found once, they are the page's, the total's and the counts' set.
 * A whole e-mail address is looked up as itself (its lower-case index): as a pattern, its common
 * pieces (gmail, .com) are in most rows and their trigram lists are long.
 */
async function searched(db: Database, text: string, cap: number): Promise<string[]> {
  const like = likeContaining(text);
  // An NRIC is typed with or without its dashes, a mobile with or without its leading 0 or +60.
  const digits = text.replace(/\D/g, '').replace(/^(60|0)/, '');
  const found = EMAIL.test(text)
    ? sql`select a.id from ${applications} a where a.submitted_at is not null and lower(a.email) = lower(${text})`
    : sql`
      select a.id from ${applications} a
        where a.submitted_at is not null and (a.applicant_name ilike ${like} or a.email ilike ${like} or a.username ilike ${like} or replace(a.id_no, '-', '') ilike ${likeContaining(text.replace(/-/g, ''))})
      union
      select a.id from ${members} m join ${applications} a on a.member_id = m.id
        where a.submitted_at is not null and (m.hs_no ilike ${like}${digits.length >= 4 ? sql` or m.mobile ilike ${likeContaining(digits)}` : sql``})`;
  return rowsOf<{ id: string }>(await db.execute(sql`${found} limit ${cap + 1}`)).map((row) => row.id);
}

/** A case's age is counted in the office's own business days. */
const officeRegions = (calendar: BusinessCalendar) => regionsFor(calendar, []);

export async function caseQueue(db: Database, calendar: BusinessCalendar, query: QueueQuery, staffId: string, now = new Date(), countCap = COUNT_CAP) {
  const text = query.q?.trim();
  const found = text ? await searched(db, text, countCap) : undefined;
  const where = filters(query, staffId, calendar, now, found);
  const stateWhere = query.state ? and(where, sql`${caseState} = ${query.state}`) : where;
  /** How many cases match, up to one past the cap (without a search, each state from its own index: drizzle/0027). */
  const counted = (condition: SQL | undefined) => countUpTo(db, db.select({ one: sql`1` }).from(applications).where(condition).$dynamic(), countCap);
  /** Per state: a search's few cases in one pass, else each state up to the cap. */
  const perStateCounts = async (): Promise<number[]> => {
    if (!found) return Promise.all(CASE_STATES.map((state) => counted(and(where, sql`${caseState} = ${state}`))));
    const rows = await db.select({ state: caseState, n: count() }).from(applications).where(where).groupBy(caseState);
    return CASE_STATES.map((state) => rows.find((row) => row.state === state)?.n ?? 0);
  };
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = query.sort === 'name' ? applications.applicantName : query.sort === 'updatedAt' ? applications.updatedAt : query.sort === 'submittedAt' ? applications.submittedAt : applications.dueAt;
  // The most urgent first unless asked otherwise: a queue is worked from the case due soonest.
  const orderBy =
    query.sort === 'risk'
      ? [sql`${applications.riskScore} ${query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`, asc(applications.dueAt), asc(applications.id)]
      : query.sort && query.sort !== 'dueAt' ? [direction(sortColumn), asc(applications.id)] : [sql`${applications.dueAt} ${query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`}`, asc(applications.submittedAt), asc(applications.id)];
  const [rows, total, perState, overdueCount] = await Promise.all([
    db
      .select({
        id: applications.id,
        relatedType: applications.relatedType,
        state: caseState,
        status: applications.status,
        market: applications.market,
        opened: applications.opened,
        accountType: applications.accountType,
        islamic: applications.islamic,
        pep: applications.pep,
        margin: applications.margin,
        identityMismatch: applications.identityMismatch,
        riskScore: applications.riskScore,
        riskBand: applications.riskBand,
        applicantName: applications.applicantName,
        username: applications.username,
        email: applications.email,
        idNo: applications.idNo,
        mobile: members.mobile,
        hsNo: members.hsNo,
        memberId: applications.memberId,
        // What the member holds already: an add-market case is read against it.
        existingMarkets: sql<number>`coalesce((select i.opened from applications i where i.member_id = ${applications.memberId} and i.related_type = 'INIT' and i.id <> ${applications.id}), 0)`,
        assignedTo: applications.assignedTo,
        assigneeName: staff.name,
        firstApprovedBy: applications.firstApprovedBy,
        submissionCount: applications.submissionCount,
        submittedAt: applications.submittedAt,
        dueAt: applications.dueAt,
        overdue,
        updatedAt: applications.updatedAt,
      })
      .from(applications)
      .innerJoin(members, eq(members.id, applications.memberId))
      .leftJoin(staff, eq(staff.id, applications.assignedTo))
      .where(stateWhere)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    counted(stateWhere),
    perStateCounts(),
    counted(and(where, overdue)),
  ]);
  const counts = Object.fromEntries(CASE_STATES.map((state, i) => [state, perState[i]!])) as Record<CaseState, number>;
  return {
    total,
    /** A count above this is "more than" it: the counts stop one past it. */
    countCap,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    /** Open cases past their due time, under the same filters. */
    overdue: overdueCount,
    items: rows.map((row) => ({ ...row, ageWorkingDays: row.submittedAt ? businessDaysBetween(calendar, row.submittedAt, now, officeRegions(calendar)) : null })),
  };
}
