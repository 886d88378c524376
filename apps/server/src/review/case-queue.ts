// The reviewers' queue: cases by where they stand, filtered, searched, sorted and paged in the
// database, with a count per state under the same filters.
import { and, asc, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { businessDaysBefore, businessDaysBetween, regionsFor, type BusinessCalendar } from '@kh/calendar';
import { MARKET } from '@kh/flow';
import type { Database } from '../db/database.ts';
import { applications, members, staff } from '../db/schema.ts';
import { likeContaining } from '../db/like.ts';

export const CASE_STATES = ['submitted', 'inReview', 'secondApproval', 'rejected', 'resubmitted', 'approved'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** Where a case stands, from its status, claim, first approval and how often it was submitted. */
export const caseState = sql<CaseState | null>`case
  when ${applications.status} = 4 then 'approved'
  when ${applications.status} = 5 then 'rejected'
  when ${applications.status} in (2, 3) and ${applications.firstApprovedBy} is not null then 'secondApproval'
  when ${applications.status} in (2, 3) and ${applications.submissionCount} > 1 then 'resubmitted'
  when ${applications.status} in (2, 3) and ${applications.assignedTo} is not null then 'inReview'
  when ${applications.status} in (2, 3) then 'submitted'
end`;

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


function filters(query: QueueQuery, staffId: string, calendar: BusinessCalendar, now: Date): SQL | undefined {
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
  const q = query.q?.trim();
  if (q) {
    const like = likeContaining(q);
    // An NRIC is typed with or without its dashes, a mobile with or without its leading 0 or +60.
    const digits = q.replace(/\D/g, '').replace(/^(60|0)/, '');
    conditions.push(
      or(
        ilike(applications.applicantName, like),
        ilike(applications.email, like),
        ilike(applications.username, like),
        ilike(members.hsNo, like),
        sql`replace(${applications.idNo}, '-', '') ilike ${likeContaining(q.replace(/-/g, ''))}`,
        digits.length >= 4 ? ilike(members.mobile, likeContaining(digits)) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** A case's age is counted in the office's own business days. */
const officeRegions = (calendar: BusinessCalendar) => regionsFor(calendar, []);

export async function caseQueue(db: Database, calendar: BusinessCalendar, query: QueueQuery, staffId: string, now = new Date()) {
  const where = filters(query, staffId, calendar, now);
  const stateWhere = query.state ? and(where, sql`${caseState} = ${query.state}`) : where;
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = query.sort === 'name' ? applications.applicantName : query.sort === 'updatedAt' ? applications.updatedAt : query.sort === 'submittedAt' ? applications.submittedAt : applications.dueAt;
  // The most urgent first unless asked otherwise: a queue is worked from the case due soonest.
  const orderBy =
    query.sort === 'risk'
      ? [sql`${applications.riskScore} ${query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`, asc(applications.dueAt), asc(applications.id)]
      : query.sort && query.sort !== 'dueAt' ? [direction(sortColumn), asc(applications.id)] : [sql`${applications.dueAt} ${query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`}`, asc(applications.submittedAt), asc(applications.id)];
  const [rows, [{ total }], perState, [{ overdueCount }]] = await Promise.all([
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
    db.select({ total: count() }).from(applications).innerJoin(members, eq(members.id, applications.memberId)).where(stateWhere),
    db.select({ state: caseState, count: count() }).from(applications).innerJoin(members, eq(members.id, applications.memberId)).where(where).groupBy(caseState),
    db.select({ overdueCount: count() }).from(applications).innerJoin(members, eq(members.id, applications.memberId)).where(and(where, overdue)),
  ]);
  const counts = Object.fromEntries(CASE_STATES.map((state) => [state, perState.find((row) => row.state === state)?.count ?? 0])) as Record<CaseState, number>;
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    /** Open cases past their due time, under the same filters. */
    overdue: overdueCount,
    items: rows.map((row) => ({ ...row, ageWorkingDays: row.submittedAt ? businessDaysBetween(calendar, row.submittedAt, now, officeRegions(calendar)) : null })),
  };
}
