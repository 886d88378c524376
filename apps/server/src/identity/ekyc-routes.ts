// ekyc: the identity check (SPEC §7, form-encoded): init, status and result, for the CTOS-style and
// the ZOLOZ-style entries; and the PC-to-phone hand-off by QR code.
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PhoneChoice } from '@kh/api';
import { IDENTITY_TYPE, verifiedIdentityFromOcr, type OcrData } from '@kh/engine';
import { isContainRejectIdKind, parseRejectedReason } from '@kh/flow';
import { newId } from '../db/ids.ts';
import { ekycChecks, handoffTokens } from '../db/schema.ts';
import { serialised } from '../db/serialised.ts';
import { translate } from '@kh/i18n';
import { AppError, CODES, badRequest, languageOf, ok } from '../http/envelope.ts';
import { endHandoffSessions, endSession, memberOf, promoteHandoffSession, requireMember, sessionMember, startSession } from '../http/session.ts';
import { STATUS, ensureStatus, ownedApplication, payloadsOf } from '../applications/index.ts';
import { compileStep, contextFrom, validateData } from '../steps/index.ts';
import { newToken, sandboxIdentityProvider, tokenHash, type EkycFailureReason } from './ekyc.ts';
import { abandonCheck, answerHandoffCheck, disownHandoffChecks } from './ekyc-outcome.ts';
import { settleIdentityCheck } from './identity-settlement.ts';
import { enqueueIdentityCheck } from './identity-jobs.ts';
import { IdentityProviderError, initializeRealId } from './zoloz.ts';
import { sameOriginUrl } from '../sandbox/html.ts';

const PASSPORT = IDENTITY_TYPE.passport;
const relate = { relateType: { type: 'string', enum: ['INIT', 'SUPPLEMENT'] }, relateId: { type: 'string', maxLength: 64 } } as const;
const initSchema = {
  type: 'object',
  required: ['relateType', 'relateId', 'responseUrl', 'documentName', 'idKind', 'documentNumber'],
  properties: {
    ...relate,
    responseUrl: { type: 'string', maxLength: 500 },
    documentName: { type: 'string', minLength: 1, maxLength: 100 },
    idKind: { type: 'integer', enum: [102, 103, 104, 106, 107] },
    documentNumber: { type: 'string', pattern: '^[A-Za-z0-9]{5,20}$' },
  },
} as const;

type Check = typeof ekycChecks.$inferSelect;

/** The electronic ID result record of SPEC §3. */
export const resultOf = (check: Check | undefined) =>
  check
    ? {
        checkId: check.id,
        state: check.state,
        isEkycSuccess: check.state === 'success',
        // A hand-off phone's check waiting for the PC: whose document it read, for the applicant at the PC to recognise.
        ...(check.state === 'unconfirmed' ? { awaitingConfirmation: handoffSummary(check) } : {}),
        failureReason: check.failureReason ?? undefined,
        step1: check.frontImgPath ? { frontImgPath: check.frontImgPath, backImgPath: check.backImgPath ?? '', ocrData: check.ocrData } : undefined,
        step2: check.faceScore !== null ? { faceScore: check.faceScore, isIdentical: check.isIdentical } : undefined,
        // What the personal step is locked to, in the engine's terms (the same conversion as the server's).
        verifiedIdentity: check.state === 'success' ? verifiedIdentityFromOcr(check.idKind, (check.ocrData ?? {}) as OcrData, check.documentNumber) : undefined,
      }
    : { state: 'none', isEkycSuccess: false };

/** Enough of a hand-off check's document for its applicant to know it as theirs, and no more: the name read and the number's last four. */
function handoffSummary(check: Check) {
  const ocr = (check.ocrData ?? {}) as OcrData;
  const number = String(ocr.idNo || check.documentNumber);
  return { name: String(ocr.name || check.documentName), idKind: check.idKind, documentNumberEnding: number.slice(-4), checkedAt: (check.completedAt ?? check.createdAt).toISOString() };
}

export const ekycPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.kh;

  async function latestCheck(request: FastifyRequest) {
    const body = request.body as { relateType: 'INIT' | 'SUPPLEMENT'; relateId: string };
    const application = await ownedApplication(db, memberOf(request), body.relateType, body.relateId);
    const [check] = await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt)).limit(1);
    // A real provider's check may have ended without the applicant coming back through the return
    // URL (a closed tab, a lost connection): asking the provider is how the status poll learns it.
    if (check?.state === 'pending' && check.providerRef) return (await settleWithProvider(request, check).catch(() => check)) ?? check;
    return check;
  }

  /** Reads a ZOLOZ transaction's result and records it once; a pending one stays pending. */
  async function settleWithProvider(request: FastifyRequest, check: Check): Promise<Check | undefined> {
    try {
      return await settleIdentityCheck(app.kh, check);
    } catch (error) {
      if (!(error instanceof IdentityProviderError)) throw error;
      app.kh.metrics.providerFailures.inc({ provider: 'ekyc', reason: `provider-${error.reason}` });
      request.log.warn({ err: error, checkId: check.id }, 'the identity provider did not answer usably');
      throw new AppError(502, '40010006', 'server.identityProviderUnavailable');
    }
  }

  /** The expiry date a provider read from this passport on an earlier check, if any. */
  async function knownExpiry(memberId: string, documentNumber: string): Promise<string | undefined> {
    const checks = await db
      .select({ ocrData: ekycChecks.ocrData })
      .from(ekycChecks)
      .where(and(eq(ekycChecks.memberId, memberId), eq(ekycChecks.idKind, PASSPORT), eq(ekycChecks.documentNumber, documentNumber.toUpperCase())))
      .orderBy(desc(ekycChecks.createdAt));
    return checks.map((c) => (c.ocrData as OcrData | null)?.expiryDate).find((date): date is string => !!date);
  }

  const init = (providerName: string) => async (request: FastifyRequest) => {
    const memberId = memberOf(request);
    const body = request.body as { relateType: 'INIT' | 'SUPPLEMENT'; relateId: string; responseUrl: string; documentName: string; idKind: number; documentNumber: string };
    if (!config.appConfig.ctosValid) throw new AppError(409, CODES.identityUnavailable, 'errors.identityUpgrading');
    const application = await ownedApplication(db, memberId, body.relateType, body.relateId);
    ensureStatus(application, [STATUS.stash, STATUS.fail]);
    // After a review the identity is checked again only when the review asked for the identity
    // document: a request for a payslip does not let another person's MyKad take the verified one's place.
    if (application.status === STATUS.fail && !isContainRejectIdKind(parseRejectedReason(application.rejectedReason)))
      throw new AppError(409, CODES.badState, 'server.identityNotAsked');
    // The identity step's own rules (number format, age from a MyKad, no Malaysian passport) refuse
    // before a face scan is spent; the check itself is what the submit starts.
    const identityStep = compileStep('identity', contextFrom(await payloadsOf(db, application.id), application));
    const typed = identityStep.fromPayload({ idKind: body.idKind, documentName: body.documentName, documentNumber: body.documentNumber });
    const refusals = validateData(identityStep, typed).filter((e) => e.field !== 'verification');
    // A passport whose expiry an earlier check read is held to the personal step's validity rule now.
    const expiry = body.idKind === PASSPORT ? await knownExpiry(memberId, body.documentNumber) : undefined;
    if (expiry) {
      const personal = compileStep('personal', contextFrom({}, application));
      const problem = validateData(personal, { ...personal.initialData(), identityType: PASSPORT, passportExpiry: expiry }).find((e) => e.field === 'passportExpiry');
      if (problem) refusals.push({ ...problem, field: 'passportNumber' });
    }
    if (refusals.length > 0) throw new AppError(400, CODES.fieldErrors, 'server.fieldErrors', {}, { fields: refusals.map((e) => ({ ...e, message: translate(languageOf(request), e.key, e.params) })) });
    const responseUrl = sameOriginUrl(body.responseUrl, config.publicOrigin);
    if (!responseUrl) throw badRequest('server.returnUrlRefused');
    const id = newId();
    const pageToken = newToken();
    // Limits per applicant, counted and written in one step per member: N inits at once cannot pass
    // a limit of 5 by all reading 4.
    await serialised(db, `ekyc:${memberId}`, async (tx) => {
      const dayAgo = new Date(Date.now() - 86_400_000);
      const [{ today }] = await tx.select({ today: sql<number>`count(*)::int` }).from(ekycChecks).where(and(eq(ekycChecks.memberId, memberId), gt(ekycChecks.createdAt, dayAgo)));
      const refuse = (reason: EkycFailureReason) => new AppError(429, '40010003', `errors.ekyc.${reason}`, {}, { failureReason: reason });
      if (today >= config.ekyc.maxPerDay) throw refuse('submissionLimit');
      const recent = await tx.select({ id: ekycChecks.id }).from(ekycChecks).where(and(eq(ekycChecks.memberId, memberId), gt(ekycChecks.createdAt, new Date(Date.now() - config.ekyc.minIntervalSeconds * 1000)))).limit(1);
      if (recent.length > 0) throw refuse('tooFrequent');
      await tx.insert(ekycChecks).values({
        id,
        applicationId: application.id,
        memberId,
        provider: providerName,
        idKind: body.idKind,
        documentName: body.documentName,
        documentNumber: body.documentNumber.toUpperCase(),
        responseUrl,
        pageTokenHash: tokenHash(pageToken),
        viaHandoff: request.handoffApplicationId !== undefined,
      });
    });
    if (!config.zoloz) return ok({ checkId: id, ...sandboxIdentityProvider(config.publicOrigin, providerName).start({ id, pageToken }) });
    const back = (outcome: 'complete' | 'interrupt') => `${config.publicOrigin}/ekyc/zoloz/real-id/return/${id}?t=${pageToken}${outcome === 'interrupt' ? '&interrupted=1' : ''}`;
    try {
      const started = await initializeRealId(config.zoloz, { id, memberId, idKind: body.idKind }, { complete: back('complete'), interrupt: back('interrupt') }, languageOf(request));
      await db.update(ekycChecks).set({ providerRef: started.transactionId }).where(eq(ekycChecks.id, id));
      return ok({ checkId: id, h5RedirectUrl: started.h5RedirectUrl });
    } catch (error) {
      if (!(error instanceof IdentityProviderError)) throw error;
      // No face scan was spent: the check does not count against the day's limit.
      await db.delete(ekycChecks).where(and(eq(ekycChecks.id, id), eq(ekycChecks.state, 'pending')));
      app.kh.metrics.providerFailures.inc({ provider: 'ekyc', reason: `provider-${error.reason}` });
      request.log.warn({ err: error }, 'the identity provider refused to start a check');
      throw new AppError(502, '40010006', 'server.identityProviderUnavailable');
    }
  };

  // With ZOLOZ configured, both of SPEC §7's entries run the one real provider.
  app.post('/rest-api/ctos/init', { schema: { body: initSchema }, preHandler: requireMember }, init(config.zoloz ? 'zoloz' : 'sandbox-ctos'));
  app.post('/zoloz/real-id/init', { schema: { body: initSchema }, preHandler: requireMember }, init(config.zoloz ? 'zoloz' : 'sandbox-zoloz'));

  // ZOLOZ's page sends the applicant's browser here when they finish (or quit). The token in the URL
  // is the check's page token: the return carries no session (it may be the phone of a QR hand-off).
  app.get('/zoloz/real-id/return/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as { t?: string; interrupted?: string };
    const [check] = await db.select().from(ekycChecks).where(and(eq(ekycChecks.id, id), eq(ekycChecks.pageTokenHash, tokenHash(String(query.t ?? '')))));
    if (!check?.providerRef) throw new AppError(404, '404', 'server.ekycUnknown');
    if (check.state === 'pending') {
      // Asked again in the background if ZOLOZ does not answer now: the check must not stay pending
      // because the applicant closed the tab after this error.
      const settled = await settleWithProvider(request, check).catch(async (error: unknown) => {
        await enqueueIdentityCheck(app.kh.queue, check.id);
        throw error;
      });
      // Quitting ZOLOZ's page ends the check: the applicant may start another at once.
      if (settled?.state === 'pending' && query.interrupted) await abandonCheck(db, check.id, 'recognitionFailed');
    }
    const back = new URL(check.responseUrl);
    back.searchParams.set('checkId', check.id);
    return reply.redirect(back.toString(), 303);
  });
  const status = { schema: { body: { type: 'object', required: ['relateType', 'relateId'], properties: relate } }, preHandler: requireMember };
  // The PC waiting on its QR code learns from the status poll what the phone chose once its check
  // passed: until it chooses, the PC waits (and offers to carry on itself), so neither device moves
  // on by the timing of a poll.
  app.post('/rest-api/ctos/fetch-ekyc-status', status, async (request) => {
    const check = await latestCheck(request);
    const phoneChoice = check?.state === 'success' ? await phoneChoiceFor(check.applicationId) : undefined;
    // The PC stops renewing its code once a phone opened it, and says when: a phone it does not know is its applicant's to end.
    const phoneOpenedAt = request.handoffApplicationId ? undefined : await phoneOpened((request.body as { relateId: string }).relateId, memberOf(request));
    return ok({ ...resultOf(check), ...(phoneChoice ? { phoneChoice } : {}), ...(phoneOpenedAt ? { phoneOpenedAt } : {}) });
  });
  app.post('/rest-api/ctos/check-result', status, async (request) => ok(resultOf(await latestCheck(request))));
  app.post('/zoloz/real-id/check-result', status, async (request) => ok(resultOf(await latestCheck(request))));

  // PC flow: a short-lived, single-use token for the QR code. A new one ends every earlier one, and
  // with them any phone that opened one and is not yet confirmed: the PC shows a new code when it
  // does not trust the phone that took the last.
  app.post('/handoff', { schema: { body: { type: 'object', required: ['relateType', 'relateId'], properties: relate } }, preHandler: requireMember }, async (request) => {
    const memberId = memberOf(request);
    if (request.handoffApplicationId) throw new AppError(403, '403', 'server.handoffIdentityOnly');
    const body = request.body as { relateType: 'INIT' | 'SUPPLEMENT'; relateId: string };
    const application = await ownedApplication(db, memberId, body.relateType, body.relateId);
    const token = newToken();
    const expiresAt = new Date(Date.now() + config.ekyc.handoffTtlSeconds * 1000);
    await endHandoffs(application.id);
    await db.insert(handoffTokens).values({ tokenHash: tokenHash(token), memberId, applicationId: application.id, expiresAt });
    return ok({ url: `${config.publicOrigin}/ekyc/handoff/${token}`, expiresAt: expiresAt.toISOString() });
  });

  /** Ends an application's hand-off links, the phones that opened them, and the checks those phones have under way or waiting. */
  async function endHandoffs(applicationId: string) {
    await db.update(handoffTokens).set({ revokedAt: new Date() }).where(and(eq(handoffTokens.applicationId, applicationId), isNull(handoffTokens.revokedAt)));
    await endHandoffSessions(db, applicationId);
    await disownHandoffChecks(db, applicationId);
  }

  /** When a phone opened this application's live hand-off link, if one did. */
  async function phoneOpened(applicationId: string, memberId: string): Promise<string | undefined> {
    const [opened] = await db
      .select({ usedAt: handoffTokens.usedAt })
      .from(handoffTokens)
      .where(and(eq(handoffTokens.applicationId, applicationId), eq(handoffTokens.memberId, memberId), isNull(handoffTokens.revokedAt), isNotNull(handoffTokens.usedAt)))
      .orderBy(desc(handoffTokens.usedAt))
      .limit(1);
    return opened?.usedAt?.toISOString();
  }

  // The PC's answer on the check a phone made through its link: "this is me" makes it the
  // application's verified identity (and lets that phone carry on if it chooses); "not me" ends that
  // phone and its link. Only the signed-in applicant's own session answers, never the phone's.
  app.post(
    '/handoff/confirm',
    { schema: { body: { type: 'object', required: ['relateType', 'relateId', 'checkId', 'accept'], properties: { ...relate, checkId: { type: 'string', maxLength: 64 }, accept: { type: 'boolean' } } } }, preHandler: requireMember },
    async (request) => {
      if (request.handoffApplicationId) throw new AppError(403, '403', 'server.handoffIdentityOnly');
      const body = request.body as { relateType: 'INIT' | 'SUPPLEMENT'; relateId: string; checkId: string; accept: boolean };
      const application = await ownedApplication(db, memberOf(request), body.relateType, body.relateId);
      const answered = await answerHandoffCheck(db, application.id, body.checkId, body.accept);
      if (!answered) throw new AppError(409, CODES.badState, 'server.handoffNothingToConfirm');
      if (!body.accept) await endHandoffs(application.id);
      return ok(resultOf(answered));
    },
  );

  /** Carrying on wins over going back: a phone that carries on is working on the application now. */
  async function phoneChoiceFor(applicationId: string): Promise<PhoneChoice | undefined> {
    const [chosen] = await db
      .select({ continued: sql<boolean>`bool_or(${handoffTokens.continuedAt} is not null)`, finished: sql<boolean>`bool_or(${handoffTokens.finishedAt} is not null)` })
      .from(handoffTokens)
      .where(and(eq(handoffTokens.applicationId, applicationId), isNotNull(handoffTokens.usedAt)));
    return chosen?.continued ? 'continued' : chosen?.finished ? 'finished' : undefined;
  }

  /** Marks the phone's choice on the tokens this member's phone claimed for the application. */
  async function recordPhoneChoice(applicationId: string, memberId: string, choice: 'continuedAt' | 'finishedAt') {
    await db
      .update(handoffTokens)
      .set({ [choice]: new Date() })
      .where(and(eq(handoffTokens.applicationId, applicationId), eq(handoffTokens.memberId, memberId), isNotNull(handoffTokens.usedAt)));
  }

  // SPEC §1: after the identity check on the phone the applicant may carry on there. The hand-off
  // session becomes a full one only with proof bound to the account: the check this phone made was
  // confirmed on the PC that gave the link. A QR code photographed by someone else opens nothing
  // more, whatever document they then show.
  app.post('/handoff/continue', { schema: { body: { type: 'object', required: ['relateType', 'relateId'], properties: relate } }, preHandler: requireMember }, async (request, reply) => {
    const body = request.body as { relateType: 'INIT' | 'SUPPLEMENT'; relateId: string };
    if (request.handoffApplicationId !== body.relateId) throw new AppError(409, CODES.badState, 'server.handoffNotHere');
    const handedChecks = await db
      .select({ state: ekycChecks.state, confirmedAt: ekycChecks.confirmedAt })
      .from(ekycChecks)
      .where(and(eq(ekycChecks.applicationId, body.relateId), eq(ekycChecks.viaHandoff, true), inArray(ekycChecks.state, ['success', 'unconfirmed'])));
    if (!handedChecks.some((check) => check.state === 'success' && check.confirmedAt)) {
      if (handedChecks.some((check) => check.state === 'unconfirmed')) throw new AppError(409, CODES.badState, 'server.handoffNotConfirmed');
      throw new AppError(409, CODES.badState, 'server.identityNotVerified');
    }
    await promoteHandoffSession(request, reply);
    await recordPhoneChoice(body.relateId, memberOf(request), 'continuedAt');
    return ok({ continued: true });
  });

  // The phone is done and the computer carries on: the hand-off session ends now, not when it expires.
  app.post('/handoff/finish', { schema: { body: { type: 'object', required: ['relateType', 'relateId'], properties: relate } }, preHandler: requireMember }, async (request, reply) => {
    if (request.handoffApplicationId) {
      await recordPhoneChoice(request.handoffApplicationId, memberOf(request), 'finishedAt');
      await endSession(request, reply);
    }
    return ok({ finished: true });
  });

  // The phone opens the QR link: it continues the same application without a second login.
  app.get('/handoff/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const hash = tokenHash(token);
    // Single use: only the first request flips usedAt.
    const [claimed] = await db
      .update(handoffTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(handoffTokens.tokenHash, hash), isNull(handoffTokens.usedAt), isNull(handoffTokens.revokedAt), gt(handoffTokens.expiresAt, new Date())))
      .returning();
    if (!claimed) throw new AppError(410, '40010005', 'server.handoffUsed');
    const current = await sessionMember(request);
    if (current && current !== claimed.memberId) throw new AppError(403, '40010005', 'server.handoffOtherAccount');
    // The phone may do this application's identity check and nothing else, until it chooses to carry on (above).
    if (!current) await startSession(request, reply, claimed.memberId, { handoffApplicationId: claimed.applicationId });
    return reply.redirect(`/iam/start?handoff=1&applyId=${encodeURIComponent(claimed.applicationId)}`, 303);
  });
};
