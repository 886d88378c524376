// A supervisor's decision on screening hits (POST /staff/applications/:id/screening/:resultId/decide):
// each hit named (or every open one) cleared as a different person or confirmed as the listed
// person, with a reason; audited on the case. A confirmation stays with the person: lifting it is a
// two-person override (POST /staff/applications/:id/screening/override, a staff change another
// supervisor confirms), never one person's act.
import type { FastifyPluginAsync } from 'fastify';
import { AppError, CODES, ok } from '../http/envelope.ts';
import { auditCase } from '../audit/index.ts';
import { confirmationsInForce, decideHits, type HitRef } from '../screening/index.ts';
import { proposeChange, staffMemberOf } from '../staff/index.ts';
import { loadCase } from './cases.ts';

const id = { type: 'string', maxLength: 64 } as const;
const reason = { type: 'string', minLength: 3, maxLength: 2000 } as const;

export const screeningDecisionsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.post(
    '/applications/:id/screening/:resultId/decide',
    {
      config: { staffAccess: 'screening.decide' },
      schema: {
        params: { type: 'object', required: ['id', 'resultId'], properties: { id, resultId: id } },
        body: {
          type: 'object',
          required: ['outcome', 'reason'],
          additionalProperties: false,
          properties: {
            outcome: { type: 'string', enum: ['cleared', 'confirmed'] },
            reason,
            hits: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'object', required: ['listName', 'ref'], additionalProperties: false, properties: { listName: { type: 'string', maxLength: 120 }, ref: { type: 'string', maxLength: 200 } } } },
          },
        },
      },
    },
    async (request) => {
      const { id: applicationId, resultId } = request.params as { id: string; resultId: string };
      const { outcome, reason: why, hits } = request.body as { outcome: 'cleared' | 'confirmed'; reason: string; hits?: HitRef[] };
      const application = await loadCase(db, applicationId);
      const me = staffMemberOf(request);
      const decided = await decideHits(db, { application, resultId, outcome, reason: why.trim(), staffId: me.id, hits });
      await auditCase(request, outcome === 'cleared' ? 'screeningCleared' : 'screeningConfirmed', application, application, { result: resultId, reason: why.trim(), hits: decided.decided });
      return ok({ id: decided.result.id, state: decided.state, decided: decided.decided, decidedAt: decided.result.decidedAt, decisionReason: why.trim(), deciderName: me.name });
    },
  );

  // The override of a confirmed match: one supervisor proposes it with the reason (a delisting, a
  // court's finding), another confirms it on the Changes page; only then is the hold lifted.
  app.post(
    '/applications/:id/screening/override',
    { config: { staffAccess: 'screening.decide' }, schema: { params: { type: 'object', required: ['id'], properties: { id } }, body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason } } } },
    async (request) => {
      const application = await loadCase(db, (request.params as { id: string }).id);
      const confirmations = await confirmationsInForce(db, application);
      if (confirmations.length === 0) throw new AppError(409, CODES.badState, 'server.screeningNothingToOverride');
      const why = (request.body as { reason: string }).reason.trim();
      const changeId = await proposeChange(request, {
        kind: 'screeningOverride',
        targetMemberId: application.memberId,
        change: { applicationId: application.id, decisionIds: confirmations.map((c) => c.id), entries: confirmations.map((c) => `${c.listName} ${c.entryRef}`), reason: why },
      });
      await auditCase(request, 'screeningOverrideProposed', application, application, { changeId, reason: why, decisions: confirmations.map((c) => c.id) });
      return ok({ changeId, state: 'pending' });
    },
  );
};
