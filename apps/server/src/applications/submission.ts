// Submitting an application: every required step must be saved and valid now, the fee paid where
// it applies. Idempotent: submitting again answers the submitted application.
import { and, eq, isNull } from 'drizzle-orm';
import { translate } from '@kh/i18n';
import type { FieldError } from '@kh/engine';
import type { ServerContext } from '../context.ts';
import { applications, staff, submissions } from '../db/schema.ts';
import { caseFacts, screeningSubjectOf } from './case-facts.ts';
import { caseDueAt } from './case-deadline.ts';
import { screenApplication } from '../screening/index.ts';
import { serverFactsOf, withServerValues } from './declared-rules.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { STATUS, ensureStatus, khInfo, verifiedIdentityOf, needsPayment, paymentSettled, payloadsOf, answersOf, requiredSteps, type Application } from './applications.ts';
import { compileStep, contextFrom, translateForVersion, validateData } from '../steps/index.ts';
import { answeredVersion, retiredVersions } from '../steps/index.ts';

export async function submitApplication(server: ServerContext, application: Application, language: string) {
  const { db, config, metrics, calendar, riskRules } = server;
  if ([STATUS.review, STATUS.pass, STATUS.success].includes(application.status as never)) return khInfo(application, await payloadsOf(db, application.id));
  ensureStatus(application, [STATUS.stash, STATUS.fail]);
  const { payloads, versions } = await answersOf(db, application.id);
  const context = contextFrom(payloads, application);
  const verifiedIdentity = await verifiedIdentityOf(db, application.memberId);
  const retired = await retiredVersions(db);
  const missing: { step: string; fields: (FieldError & { message: string })[] }[] = [];
  const facts = await serverFactsOf(db, application.id);
  for (const stepId of requiredSteps(config, application)) {
    // Answers saved before the identity check must agree with what it verified.
    // Each answer is checked under the version it was given with: a publish since never makes it
    // unsubmittable. A version a rollback retired is checked under the live one instead.
    // A step only the server wrote (the identity check's pre-fill) has not been answered: missing.
    const version = await answeredVersion(db, stepId, versions[stepId], retired);
    const compiled = compileStep(stepId, context, { verifiedIdentity, version });
    const data = compiled.fromPayload(payloads[stepId] ?? {});
    withServerValues(facts, compiled, data);
    const errors: FieldError[] = payloads[stepId] && versions[stepId] !== undefined ? validateData(compiled, data) : [{ field: '*', key: 'server.stepMissing' }];
    if (errors.length > 0) missing.push({ step: stepId, fields: errors.map((e) => ({ ...e, message: translateForVersion(version, language, e.key, e.params) })) });
  }
  if (needsPayment(config, application) && !(await paymentSettled(db, application.id))) missing.push({ step: 'payment', fields: [] });
  // Named by their titles in the applicant's language; the data keeps the step ids.
  if (missing.length > 0)
    throw new AppError(400, CODES.stepsIncomplete, 'server.stepsIncomplete', { steps: missing.map((m) => translate(language, `step.${m.step}.title`)).join(', ') }, { steps: missing });
  // Only from the status we read: two submits at once make one transition. A resubmission returns to
  // the reviewer who rejected it (who holds a rejected case), if their account is still enabled, with
  // no approval carried over from before the rejection.
  const returnsTo = application.status === STATUS.fail && application.assignedTo ? await enabledStaff(db, application.assignedTo) : undefined;
  const now = new Date();
  const [updated] = await db
    .update(applications)
    .set({
      status: STATUS.review,
      submittedAt: now,
      // The clock starts again at each submit: the time the applicant took to fix a rejection is not the broker's.
      dueAt: caseDueAt(calendar, application, now),
      updatedAt: new Date(),
      language,
      ...(await caseFacts(db, riskRules, application, payloads)),
      submissionCount: application.submissionCount + 1,
      assignedTo: returnsTo ?? null,
      assignedAt: returnsTo ? new Date() : null,
      firstApprovedBy: null,
      firstApprovedMarkets: null,
      firstApprovedAt: null,
    })
    .where(and(eq(applications.id, application.id), eq(applications.status, application.status)))
    .returning();
  if (updated) {
    await db.insert(submissions).values({ applicationId: application.id, number: updated.submissionCount, payloads, answersRejection: application.status === STATUS.fail ? application.rejectedReason : null });
    metrics.submissions.inc({ kind: application.relatedType === 'SUPPLEMENT' ? 'supplement' : 'application' });
    // Every submit is screened against the live lists, so a resubmission with a changed name, date of
    // birth or nationality is screened again; a hit holds the case for a supervisor.
    const subject = await screeningSubjectOf(db, application, payloads);
    if (subject) await screenApplication(server, updated, subject);
  }
  const [current] = updated ? [updated] : await db.select().from(applications).where(eq(applications.id, application.id));
  return khInfo(current, payloads);
}

/** A staff member's id while their account is enabled (a disabled one is handed nothing). */
async function enabledStaff(db: ServerContext['db'], staffId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.disabledAt)));
  return row?.id;
}
