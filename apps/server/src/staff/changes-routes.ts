// Two-person changes: the list of those one may confirm (and one's own proposals), and the second
// person's answer. What each change does is staff/staff-changes.ts.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope.ts';
import { staffMemberOf } from './staff-auth.ts';
import { changesFor, decideChange, visibleChange } from './staff-changes.ts';

const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;

export const staffChangesPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.get(
    '/changes',
    { config: { staffAccess: 'changes.decide' }, schema: { querystring: { type: 'object', properties: { state: { type: 'string', enum: ['pending', 'approved', 'declined', 'expired'] }, language: { type: 'string' } } } } },
    async (request) => ok(await changesFor(db, staffMemberOf(request), (request.query as { state?: string }).state)),
  );
  for (const answer of ['approve', 'decline'] as const)
    app.post(`/changes/:id/${answer}`, { config: { staffAccess: 'changes.decide' }, schema: { params } }, async (request) => {
      const row = await decideChange(request, (request.params as { id: string }).id, answer);
      // A password's hash never leaves the server.
      return ok({ ...row, change: visibleChange(row.change) });
    });
};
