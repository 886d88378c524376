// apply: the application record (khInfo), saving and fetching steps, submission. Every saved step is
// validated with the same compiled step schema as the browser, plus the rules only the server knows.
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CONTEXT_PROPERTY, type FieldError, type FormData } from '@kh/engine';
import { newId } from '../db/ids.ts';
import { applicationSteps, applications, ekycChecks, payments } from '../db/schema.ts';
import { AppError, CODES, badRequest, languageOf, notFound, ok } from '../http/envelope.ts';
import { requireJsonBody } from '../http/same-origin.ts';
import { admitSession, memberOf, requireMember, sessionIdOf } from '../http/session.ts';
import {
  STATUS,
  ensureStatus,
  initApplication,
  khInfo,
  needsPayment,
  ownedApplication,
  sessionWithApplication,
  payloadsOf,
  answersOf,
  rejectedItemsByStep,
  whatCheckVerified,
  type Application,
} from './applications.ts';
import { submitApplication } from './submission.ts';
import { STEP_REVISION_PROPERTY, type FillDataRequest } from '@kh/api';
import { recordsFillStep, type StepName } from '@kh/flow';
import { compileStep, contextFrom, locksToIdentity, stepIdForCode, translateForVersion, validateData, type StepVersion } from '../steps/index.ts';
import { answeredVersion, liveVersion, publishedVersion, stepsLockedToIdentity, triedVersionFor, versionForSave } from '../steps/index.ts';
import { saveStepAndProgress, StaleStepSave } from './step-saves.ts';
import { claim } from './member-claims.ts';
import { fileOwnership } from './file-ownership.ts';
import { claimsOf, declaredRules, projectedColumns, takenByOthers, takenError, withServerValues } from './declared-rules.ts';

const relatedType = { type: 'string', enum: ['INIT', 'SUPPLEMENT'] } as const;
const fillDataSchema = {
  type: 'object',
  // Without data it is SPEC §7's fill-step call: the page the applicant arrived on, nothing saved.
  required: ['fillStep', 'relatedType'],
  additionalProperties: false,
  properties: {
    fillStep: { type: 'integer', minimum: 0, maximum: 9_999_999 },
    relatedType,
    applyId: { type: 'string', maxLength: 64 },
    market: { type: 'integer', minimum: 0, maximum: 19 },
    invitationCode: { type: 'string', pattern: '^[A-Za-z0-9]{0,16}$' },
    data: { type: 'object' },
    schemaVersion: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    basedOnRevision: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
  },
} as const;
const fetchDataSchema = {
  type: 'object',
  required: ['fillStep', 'relatedType'],
  properties: { fillStep: { type: 'integer', minimum: 0, maximum: 9_999_999 }, relatedType, applyId: { type: 'string', maxLength: 64 } },
} as const;

/** The step changed on another device since the page was drawn: nothing was saved. */
const stepChanged = () => new AppError(409, CODES.stepChanged, 'server.stepChanged');

/** The body is the client's contract (packages/api), checked by fillDataSchema above. */
type FillData = FillDataRequest;

/** Field errors with their messages, in the texts of the version the step was validated with. */
const withMessages = (language: string, errors: FieldError[], version: StepVersion) => errors.map((e) => ({ ...e, message: translateForVersion(version, language, e.key, e.params) }));

export const applyPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;
  app.addHook('onRequest', requireJsonBody);
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.readsSession) await requireMember(request);
  });

  /** The live document of a step (the studio's last publish, or the bundled one). */
  const liveDocument = async (stepId: string) => (await publishedVersion(db, stepId, await liveVersion(db, stepId))).document;

  /** A step's answer written by the server; `schemaVersion` null keeps a step nobody answered unpinned. */
  async function saveStep(application: Application, stepId: string, payload: Record<string, unknown>, schemaVersion: number | null) {
    await db
      .insert(applicationSteps)
      .values({ applicationId: application.id, stepId, payload, schemaVersion })
      .onConflictDoUpdate({ target: [applicationSteps.applicationId, applicationSteps.stepId], set: { payload, schemaVersion, updatedAt: new Date() } });
  }

  app.post('/check', async (request) => {
    const application = await initApplication(db, memberOf(request));
    return ok(khInfo(application, application ? await payloadsOf(db, application.id) : {}));
  });

  app.post('/record', async (request) => {
    const rows = await db.select().from(applications).where(eq(applications.memberId, memberOf(request)));
    return ok(await Promise.all(rows.map(async (row) => khInfo(row, await payloadsOf(db, row.id)))));
  });

  app.post(
    '/create',
    { schema: { body: { type: 'object', properties: { relatedType, market: { type: 'integer', minimum: 0, maximum: 19 }, invitationCode: { type: 'string', pattern: '^[A-Za-z0-9]{0,16}$' }, appSource: { type: 'integer', enum: [1, 2, 3, 4] } } } } },
    async (request) => {
      const memberId = memberOf(request);
      const body = request.body as { relatedType?: string; invitationCode?: string; appSource?: number };
      if (body.relatedType === 'SUPPLEMENT') throw badRequest('server.useSupplementCreate');
      // Idempotent: a repeated create answers the application that exists.
      await db
        .insert(applications)
        .values({ id: newId(), memberId, relatedType: 'INIT', status: STATUS.stash, fillStep: 2000, invitationCode: body.invitationCode || null, appSource: body.appSource ?? null })
        .onConflictDoNothing();
      const application = (await initApplication(db, memberId))!;
      return ok(khInfo(application, await payloadsOf(db, application.id)));
    },
  );

  // The hot path: the session and the application are one read.
  app.post('/fill-data', { schema: { body: fillDataSchema }, config: { readsSession: true } }, async (request) => {
    const body = request.body as FillData;
    const sessionId = sessionIdOf(request);
    const stepId = stepIdForCode(body.fillStep);
    const found = sessionId ? await sessionWithApplication(db, sessionId, body.relatedType, body.applyId, config.sessionIdleMinutes, stepId ?? '') : undefined;
    admitSession(request, found);
    const memberId = memberOf(request);
    if (!found?.application) throw notFound('server.noApplication');
    const { application, payloads, versions, revisions, live, retired, experiments } = found;
    ensureStatus(application, [STATUS.stash, STATUS.fail]);
    if (!stepId) throw badRequest('server.unknownStep', { step: body.fillStep });
    if (body.data === undefined) {
      // A draft remembers the page it is on, so that it resumes there; nothing else moves.
      if (application.status === STATUS.stash && recordsFillStep(stepId as StepName))
        await db
          .update(applications)
          .set({ fillStep: body.fillStep, ...(body.invitationCode ? { invitationCode: body.invitationCode } : {}) })
          .where(eq(applications.id, application.id));
      return ok({ fillStep: body.fillStep, saved: false, revision: revisions[stepId] ?? 0 });
    }
    const version = await versionForSave(db, stepId, { pinned: versions[stepId], drawnWith: body.schemaVersion, live: live[stepId] ?? 0, retired, tried: triedVersionFor(experiments, stepId, application.id) });
    if (version.document.readOnly) throw badRequest('server.stepReadOnly');
    const rejected = application.status === STATUS.fail ? rejectedItemsByStep(application, config) : undefined;
    if (rejected && !rejected.has(stepId)) throw new AppError(409, CODES.notEditable, 'server.stepNotRejected');
    // A page drawn before another device saved this step: refused before anything is claimed (the
    // write checks again, for two saves racing).
    if (body.basedOnRevision !== undefined && body.basedOnRevision !== (revisions[stepId] ?? 0)) throw stepChanged();
    // What the identity check verified is what is opened: those fields take no other value.
    const verifiedIdentity = locksToIdentity(stepId) && found.verifiedCheck ? whatCheckVerified(found.verifiedCheck).identity : undefined;
    const compiled = compileStep(stepId, contextFrom(payloads, application), { rejectedItems: rejected?.get(stepId) ?? [], verifiedIdentity, version });
    const formData: FormData = compiled.fromPayload(body.data);
    delete formData[CONTEXT_PROPERTY];
    // The identity check's outcome (schema: serverValue) is the server's to say, never the browser's.
    withServerValues({ identityVerified: found.identityVerified }, compiled, formData);
    const payload = compiled.toPayload(formData);
    const errors = [
      ...validateData(compiled, formData),
      ...(await declaredRules(db, memberId, compiled, formData, payload, { dealer: config.dealers })),
      ...(await fileOwnership(db, memberId, compiled, formData)),
    ];
    if (errors.length > 0) {
      const taken = await takenByOthers(db, memberId, compiled, formData, payload);
      throw new AppError(400, CODES.fieldErrors, 'server.fieldErrors', {}, { fields: withMessages(languageOf(request), [...taken, ...errors], version) });
    }
    if (rejected) {
      // A resubmission may change only the rejected items.
      const before = compiled.fromPayload(payloads[stepId] ?? {});
      const changed = compiled.valueFields
        .filter((f) => !compiled.editable[f.id] && !(f.id in compiled.locked) && JSON.stringify(before[f.id] ?? null) !== JSON.stringify(formData[f.id] ?? null) && compiled.isVisible(f.id, formData))
        .map((f) => f.id);
      if (changed.length > 0) throw new AppError(409, CODES.notEditable, 'server.notRejectedField', { fields: changed.join(', ') }, { fields: changed });
    }
    // The values this applicant holds alone are taken now, by the database's unique key: of two saves
    // racing for one value, the second is refused here as if the read above had seen it.
    const lost = await claim(db, memberId, claimsOf(compiled, payload));
    if (lost.length > 0) throw new AppError(400, CODES.fieldErrors, 'server.fieldErrors', {}, { fields: withMessages(languageOf(request), lost.map((kind) => takenError(compiled, kind, formData)), version) });
    // A new identity check (a rejected ID checked again) carries its facts into the saved steps that lock to them (the personal step).
    if (version.document.identityCheck)
      for (const lockedStep of stepsLockedToIdentity()) {
        if (!payloads[lockedStep]) continue;
        const answeredUnder = versions[lockedStep];
        const lockedVersion = await answeredVersion(db, lockedStep, answeredUnder, retired);
        const locked = compileStep(lockedStep, contextFrom(payloads, application), { verifiedIdentity, version: lockedVersion });
        const carried = locked.toPayload({ ...locked.fromPayload(payloads[lockedStep]), ...locked.locked });
        // The same check saved again carries nothing new: no write.
        if ((answeredUnder === undefined || lockedVersion.version === answeredUnder) && isDeepStrictEqual(carried, payloads[lockedStep])) continue;
        // Carrying facts in is no answer: a step the applicant has not answered stays free of any version.
        await saveStep(application, lockedStep, carried, answeredUnder === undefined ? null : lockedVersion.version);
      }
    const revision = await saveStepAndProgress(db, {
      applicationId: application.id,
      stepId,
      payload,
      schemaVersion: version.version,
      progress: { fillStep: body.fillStep, ...(body.invitationCode ? { invitationCode: body.invitationCode } : {}), ...projectedColumns(compiled, payload) },
      ...(body.basedOnRevision !== undefined ? { basedOn: body.basedOnRevision } : {}),
    }).catch((error: unknown) => {
      throw error instanceof StaleStepSave ? stepChanged() : error;
    });
    app.kh.metrics.stepSaves.inc({ step: stepId });
    return ok({ fillStep: body.fillStep, saved: true, revision });
  });

  app.post('/fetch-data', { schema: { body: fetchDataSchema } }, async (request) => {
    const body = request.body as { fillStep: number; relatedType: 'INIT' | 'SUPPLEMENT'; applyId?: string };
    const application = await ownedApplication(db, memberOf(request), body.relatedType, body.applyId);
    const stepId = stepIdForCode(body.fillStep);
    if (!stepId) throw badRequest('server.unknownStep', { step: body.fillStep });
    const answers = await answersOf(db, application.id);
    const own = answers.payloads[stepId];
    // The revision the page is drawn from, which its save names (0: not saved yet).
    const revision = { [STEP_REVISION_PROPERTY]: answers.revisions[stepId] ?? 0 };
    // Before the identity step is saved, the document of the latest check started is what was typed:
    // a new tab or device resumes /iam/start with it.
    if (!own && (await liveDocument(stepId)).identityCheck) {
      const [check] = await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt)).limit(1);
      // A phone that came by the QR code is not told what the PC typed: whoever photographed the code would read the name and number.
      const typedHere = check && (check.viaHandoff || !request.handoffApplicationId);
      return ok({ ...(check ? { idKind: check.idKind } : {}), ...(typedHere ? { documentName: check.documentName, documentNumber: check.documentNumber } : {}), ...revision });
    }
    if (own || application.relatedType !== 'SUPPLEMENT' || !(await liveDocument(stepId)).carriedToSupplement) return ok({ ...own, ...revision });
    // A supplement starts from what the account already holds: the applicant confirms or updates it.
    const init = await initApplication(db, application.memberId);
    return ok({ ...((init && (await payloadsOf(db, init.id))[stepId]) ?? {}), ...revision });
  });

  app.post('/apply-submit', { schema: { body: { type: 'object', properties: { applyId: { type: 'string', maxLength: 64 }, relatedType } } } }, async (request) => {
    const body = request.body as { applyId?: string; relatedType?: 'INIT' | 'SUPPLEMENT' };
    const application = await ownedApplication(db, memberOf(request), body.relatedType ?? 'INIT', body.applyId);
    return ok(await submitApplication(app.kh, application, languageOf(request)));
  });

  app.post(
    '/channelPaymentInfoSubmit',
    { schema: { body: { type: 'object', required: ['applyId', 'paymentId', 'orderNumber'], properties: { applyId: { type: 'string', maxLength: 64 }, paymentId: { type: 'string', maxLength: 64 }, orderNumber: { type: 'string', maxLength: 64 } } } } },
    async (request) => {
      const body = request.body as { applyId: string; paymentId: string; orderNumber: string };
      const application = await ownedApplication(db, memberOf(request), 'INIT', body.applyId);
      // The gateway's record decides: the named order must be this application's, and paid.
      const [payment] = await db
        .select({ payStatus: payments.payStatus })
        .from(payments)
        .where(and(eq(payments.orderNumber, body.orderNumber), eq(payments.paymentId, body.paymentId), eq(payments.applicationId, application.id)));
      if (!payment) throw new AppError(404, CODES.paymentRecordMissing, 'errors.paymentRecordMissing');
      return ok({ saved: payment.payStatus === 0 });
    },
  );

  app.get('/rpp-switch', async () => ok({ enabled: config.appConfig.rppEnabled }));

  app.get(
    '/queryPaymentType',
    { schema: { querystring: { type: 'object', required: ['applyId'], properties: { applyId: { type: 'string', maxLength: 64 }, relatedType, bankName: { type: 'string', maxLength: 100 }, language: { type: 'string', maxLength: 10 } } } } },
    async (request) => {
      const query = request.query as { applyId: string; relatedType?: 'INIT' | 'SUPPLEMENT' };
      const application = await ownedApplication(db, memberOf(request), query.relatedType ?? 'INIT', query.applyId);
      return ok({ needPay: needsPayment(config, application), amount: 11, currency: 'MYR' as const });
    },
  );
};

/** The dealer's representative named on the contact step (name and DR code). */
export const dealerPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;
  // ?drCode= names the code being typed (the contact step shows whose it is); without it, the saved one.
  app.get<{ Querystring: { drCode?: string } }>('/app/dr/before/open', { preHandler: requireMember }, async (request) => {
    let typed = request.query.drCode;
    if (typeof typed !== 'string' || typed.trim() === '') {
      const application = await initApplication(db, memberOf(request));
      const contact = application ? (await payloadsOf(db, application.id)).contact : undefined;
      typed = typeof contact?.drCode === 'string' ? contact.drCode : undefined;
    }
    const code = typed?.trim().toUpperCase();
    return ok(code && Object.hasOwn(config.dealers, code) ? { name: config.dealers[code], drCode: code } : null);
  });
};
