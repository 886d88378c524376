// The audit log, the admin's: who did what, to which case, from where and when, searched newest
// first (by person, action, case id or the case's name or NRIC, member and time), exported as CSV;
// and the check of its hash chain. Each search and each export is itself an entry.
import { stringify } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { applications, auditLog, staff } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { likeContaining, likeText } from '../db/like.ts';
import { ok } from '../http/envelope.ts';
import { auditRequest, verifyAuditChain } from './audit.ts';

/** The most rows one export holds: a narrower search for more. */
export const EXPORT_ROWS = 50_000;
/** Rows read and written per round of an export. */
const EXPORT_PAGE = 2_000;

/** A cell a spreadsheet would read as a formula (=, +, -, @, a tab or a return first) is written as text. */
export const formulaSafe = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};


interface AuditQuery {
  /** The case's applicant name, or its NRIC or passport number with or without dashes. */
  case?: string;
  staffId?: string;
  action?: string;
  applicationId?: string;
  memberId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** What the search and the export filter on (AuditQuery). */
const FILTER_PROPERTIES = {
  case: { type: 'string', maxLength: 100 },
  staffId: { type: 'string', maxLength: 64 },
  action: { type: 'string', maxLength: 64 },
  applicationId: { type: 'string', maxLength: 64 },
  memberId: { type: 'string', maxLength: 64 },
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
} as const;

const COLUMNS = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  staffId: auditLog.staffId,
  staffName: staff.name,
  action: auditLog.action,
  applicationId: auditLog.applicationId,
  memberId: auditLog.memberId,
  statusBefore: auditLog.statusBefore,
  statusAfter: auditLog.statusAfter,
  detail: auditLog.detail,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  chainSeq: auditLog.chainSeq,
};

/** The search's conditions; a case named by its applicant's name or ID number is every case that matches. */
function conditionsOf(db: Database, query: Omit<AuditQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.staffId) conditions.push(eq(auditLog.staffId, query.staffId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.applicationId) conditions.push(eq(auditLog.applicationId, query.applicationId));
  if (query.memberId) conditions.push(eq(auditLog.memberId, query.memberId));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
  const named = query.case?.trim();
  if (named) {
    const cases = db
      .select({ id: applications.id })
      .from(applications)
      .where(or(ilike(applications.applicantName, likeContaining(named)), sql`replace(${applications.idNo}, '-', '') ilike ${likeText(named.replace(/[-\s]/g, ''))}`));
    conditions.push(inArray(auditLog.applicationId, cases));
  }
  return and(...conditions);
}

export const staffAuditPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.get(
    '/audit',
    {
      config: { staffAccess: 'audit.read' },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...FILTER_PROPERTIES,
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            language: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as AuditQuery;
      const items = await db
        .select(COLUMNS)
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(conditionsOf(db, query))
        .orderBy(desc(auditLog.chainSeq))
        // One more than the page: whether there is a next page, without counting a log that only grows.
        .limit(query.pageSize + 1)
        .offset((query.page - 1) * query.pageSize);
      const { page: _page, pageSize: _size, ...filters } = query;
      await auditRequest(request, { action: 'auditSearched', detail: { ...filters, page: query.page } });
      return ok({ page: query.page, pageSize: query.pageSize, hasMore: items.length > query.pageSize, items: items.slice(0, query.pageSize) });
    },
  );

  // The search as CSV, newest first, at most EXPORT_ROWS rows; every cell safe to open in a spreadsheet.
  app.get(
    '/audit/export.csv',
    {
      config: { staffAccess: 'audit.read' },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...FILTER_PROPERTIES,
            language: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const { language: _language, ...filters } = request.query as AuditQuery & { language?: string };
      const header = ['when', 'who', 'action', 'case', 'member', 'status before', 'status after', 'detail', 'address', 'device', 'position in the chain'];
      // Streamed a page at a time (newest first, by the chain's position), never 50,000 rows read and
      // written out at once on the event loop; the export is audited with its count before it ends.
      async function* csv() {
        yield `\ufeff${stringify([header])}`;
        let before: number | undefined;
        let count = 0;
        while (count < EXPORT_ROWS) {
          const page = await db
            .select(COLUMNS)
            .from(auditLog)
            .leftJoin(staff, eq(staff.id, auditLog.staffId))
            .where(and(conditionsOf(db, filters), before === undefined ? undefined : lt(auditLog.chainSeq, before)))
            .orderBy(desc(auditLog.chainSeq))
            .limit(Math.min(EXPORT_PAGE, EXPORT_ROWS - count));
          if (page.length === 0) break;
          count += page.length;
          before = page.at(-1)!.chainSeq ?? undefined;
          yield stringify(page.map((row) => [row.createdAt.toISOString(), row.staffName ?? '', row.action, row.applicationId, row.memberId, row.statusBefore, row.statusAfter, row.detail, row.ip, row.userAgent, row.chainSeq].map(formulaSafe)));
          if (page.length < EXPORT_PAGE || before === undefined) break;
        }
        await auditRequest(request, { action: 'auditExported', detail: { ...filters, rows: count } });
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(csv()));
    },
  );

  // The chain, recomputed: intact with its head (to note elsewhere), or the first entry that does not fit.
  app.get('/audit/verify', { config: { staffAccess: 'audit.read' } }, async (request) => {
    const verdict = await verifyAuditChain(db);
    await auditRequest(request, { action: 'auditVerified', detail: { entries: verdict.entries, intact: !verdict.broken } });
    return ok(verdict);
  });
};
