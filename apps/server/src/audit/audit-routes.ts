// The audit log, the admin's: who did what, to which case, from where and when, searched newest
// first; and the check of its hash chain. Each search is itself an entry.
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { auditLog, staff } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { auditRequest, verifyAuditChain } from './audit.ts';

interface AuditQuery {
  staffId?: string;
  action?: string;
  applicationId?: string;
  memberId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
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
            staffId: { type: 'string', maxLength: 64 },
            action: { type: 'string', maxLength: 64 },
            applicationId: { type: 'string', maxLength: 64 },
            memberId: { type: 'string', maxLength: 64 },
            from: { type: 'string', format: 'date-time' },
            to: { type: 'string', format: 'date-time' },
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            language: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as AuditQuery;
      const conditions: SQL[] = [];
      if (query.staffId) conditions.push(eq(auditLog.staffId, query.staffId));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.applicationId) conditions.push(eq(auditLog.applicationId, query.applicationId));
      if (query.memberId) conditions.push(eq(auditLog.memberId, query.memberId));
      if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
      if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
      const items = await db
        .select({
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
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.staffId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.chainSeq))
        // One more than the page: whether there is a next page, without counting a log that only grows.
        .limit(query.pageSize + 1)
        .offset((query.page - 1) * query.pageSize);
      const { page: _page, pageSize: _size, ...filters } = query;
      await auditRequest(request, { action: 'auditSearched', detail: { ...filters, page: query.page } });
      return ok({ page: query.page, pageSize: query.pageSize, hasMore: items.length > query.pageSize, items: items.slice(0, query.pageSize) });
    },
  );

  // The chain, recomputed: intact with its head (to note elsewhere), or the first entry that does not fit.
  app.get('/audit/verify', { config: { staffAccess: 'audit.read' } }, async (request) => {
    const verdict = await verifyAuditChain(db);
    await auditRequest(request, { action: 'auditVerified', detail: { entries: verdict.entries, intact: !verdict.broken } });
    return ok(verdict);
  });
};
