// A case's documents: the uploads with the question each answers (or marked replaced), the identity
// check's images once, and the signed application. The case view lists them; the evidence pack packs them.
import { asc, eq } from 'drizzle-orm';
import { valueAt, valueFieldsOf, type StepSchema } from '@kh/engine';
import { ekycChecks, files } from '../db/schema.ts';
import { payloadsOf, type Application, type Payloads } from '../applications/index.ts';
import { bundledVersion, FORM_STEP_IDS } from '../steps/index.ts';

/** A document of a case, named by a reference the document route takes. */
export interface CaseDocument {
  ref: string;
  kind: 'upload' | 'idFront' | 'idBack' | 'face' | 'applicationPdf';
  name: string;
  mime: string;
  /** Where an upload is stored: the step answers name uploads by it. */
  relativePath?: string;
  /** The question an upload answers: its step and the field's label, in the texts the applicant saw. */
  question?: { step: string; field: string; labelKey: string };
  /** An upload no answer names any more: the applicant replaced it. */
  replaced?: boolean;
}

/** The build-time document of a form step; none for another name. */
export const bundledDocument = (stepId: string): StepSchema | undefined => (FORM_STEP_IDS.includes(stepId) ? bundledVersion(stepId).document : undefined);

/** Which question each uploaded file answers, read through the document each step was answered under. */
function questionsOf(payloads: Payloads, documentOf: (stepId: string) => StepSchema | undefined): Map<string, NonNullable<CaseDocument['question']>> {
  const answered = new Map<string, NonNullable<CaseDocument['question']>>();
  for (const [step, payload] of Object.entries(payloads)) {
    const document = documentOf(step);
    if (!document) continue;
    for (const field of valueFieldsOf(document)) {
      if (field.widget !== 'upload' && field.widget !== 'signature') continue;
      const value = valueAt(payload, field);
      if (typeof value === 'string' && !answered.has(value)) answered.set(value, { step, field: field.id, labelKey: field.labelKey ?? `step.${step}.title` });
    }
  }
  return answered;
}

type IdentityCheck = typeof ekycChecks.$inferSelect;

/** The case's documents; `checks` are its identity checks, newest first (the case view reads them once). */
export async function caseDocuments(
  db: Parameters<typeof payloadsOf>[0],
  application: Application,
  checks: IdentityCheck[],
  answers: { payloads: Payloads; documentOf(stepId: string): StepSchema | undefined },
): Promise<CaseDocument[]> {
  const uploads = await db.select({ id: files.id, mime: files.mime, originalFilename: files.originalFilename, relativePath: files.relativePath }).from(files).where(eq(files.memberId, application.memberId)).orderBy(asc(files.createdAt));
  // The identity check's own images are listed once, as the check's (below), not again as uploads.
  const identityImages = new Set(checks.flatMap((check) => [check.frontImgPath, check.backImgPath, check.selfieImgPath].filter((path): path is string => !!path)));
  const questions = questionsOf(answers.payloads, answers.documentOf);
  const documents: CaseDocument[] = uploads
    .filter((file) => !identityImages.has(file.relativePath))
    .map((file) => {
      const question = questions.get(file.relativePath);
      return { ref: `file:${file.id}`, kind: 'upload', name: file.originalFilename, mime: file.mime, relativePath: file.relativePath, ...(question ? { question } : { replaced: true }) };
    });
  for (const check of checks) {
    if (check.frontImgPath) documents.push({ ref: `ekyc:${check.id}:front`, kind: 'idFront', name: `${check.documentName} (front)`, mime: 'image/jpeg' });
    if (check.backImgPath) documents.push({ ref: `ekyc:${check.id}:back`, kind: 'idBack', name: `${check.documentName} (back)`, mime: 'image/jpeg' });
    if (check.selfieImgPath) documents.push({ ref: `ekyc:${check.id}:selfie`, kind: 'face', name: 'Face', mime: 'image/jpeg' });
  }
  // The application as signed: every answer, the agreements accepted and the signature.
  if (application.submittedAt) documents.push({ ref: 'application-pdf', kind: 'applicationPdf', name: 'Application (signed).pdf', mime: 'application/pdf' });
  return documents;
}
