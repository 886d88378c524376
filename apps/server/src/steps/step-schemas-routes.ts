// The step schemas the applicant's app draws: the live version of a step, or the version an
// answer already given was pinned to, with the texts it brings and its validator as a same-origin
// module (generated at publish, never eval'd in the page). Version 0 means "the build-time bundle".
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { validatorModule } from '@kh/engine/validator-code';
import { applicationSteps, applications, stepVersions } from '../db/schema.ts';
import { AppError, ok } from '../http/envelope.ts';
import { sessionMember } from '../http/session.ts';
import { liveVersion, publishedVersion, retiredKey, retiredVersions, runningExperiments, SERVED_STATUSES, triedVersionFor } from './step-versions.ts';
import { FORM_STEP_IDS } from './steps.ts';
import { appCsp } from '../http/csp.ts';

export const SCHEMA_BASE = '/kh/account/schema';

export const stepSchemasPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;
  const known = (stepId: string) => {
    if (!FORM_STEP_IDS.includes(stepId)) throw new AppError(404, '404', 'server.unknownStep', { step: stepId });
  };

  app.get(
    '/steps/:stepId',
    {
      schema: {
        params: { type: 'object', required: ['stepId'], properties: { stepId: { type: 'string', maxLength: 40 } } },
        querystring: { type: 'object', properties: { applyId: { type: 'string', maxLength: 64 }, relatedType: { enum: ['INIT', 'SUPPLEMENT'] } } },
      },
    },
    async (request, reply) => {
      const { stepId } = request.params as { stepId: string };
      const { applyId, relatedType = 'INIT' } = request.query as { applyId?: string; relatedType?: 'INIT' | 'SUPPLEMENT' };
      known(stepId);
      // Who asks decides nothing but which version applies: a member's own answered step keeps its
      // version, and an experiment draws their application one of two by its id.
      const memberId = await sessionMember(request);
      let version: number | undefined;
      let applicationId: string | undefined;
      if (memberId) {
        const [own] = await db
          .select({ id: applications.id, version: applicationSteps.schemaVersion })
          .from(applications)
          .leftJoin(applicationSteps, and(eq(applicationSteps.applicationId, applications.id), eq(applicationSteps.stepId, stepId)))
          .where(and(eq(applications.memberId, memberId), applyId ? eq(applications.id, applyId) : eq(applications.relatedType, relatedType)))
          .orderBy(desc(applications.createdAt))
          .limit(1);
        version = own?.version ?? undefined;
        applicationId = own?.id;
      }
      // A version a rollback retired is never drawn again: its pins give way to the live version.
      if (version !== undefined && (await retiredVersions(db)).has(retiredKey(stepId, version))) version = undefined;
      version ??= triedVersionFor(await runningExperiments(db), stepId, applicationId) ?? (await liveVersion(db, stepId));
      const published = await publishedVersion(db, stepId, version);
      reply.header('cache-control', 'no-store');
      return ok({
        stepId,
        version,
        document: version === 0 ? null : published.document,
        translations: published.translations,
        validator: version === 0 ? null : `/api${SCHEMA_BASE}/validators/${stepId}/${version}.js`,
      });
    },
  );

  // A published version never changes, so its module is cached for good; a draft's never exists here.
  app.get(
    '/validators/:stepId/:file',
    { schema: { params: { type: 'object', required: ['stepId', 'file'], properties: { stepId: { type: 'string', maxLength: 40 }, file: { type: 'string', pattern: '^[1-9][0-9]{0,6}\\.js$' } } } } },
    async (request, reply) => {
      const { stepId, file } = request.params as { stepId: string; file: string };
      known(stepId);
      const version = Number(file.slice(0, -3));
      const [row] = await db
        .select({ code: stepVersions.validatorCode })
        .from(stepVersions)
        .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), inArray(stepVersions.status, SERVED_STATUSES)));
      if (!row?.code) throw new AppError(404, '404', 'server.schemaVersionUnknown');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', appCsp(config.embedOrigins))
        .header('x-content-type-options', 'nosniff')
        .send(validatorModule(row.code));
    },
  );
};
