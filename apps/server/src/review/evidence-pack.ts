// A decided case's evidence for an examiner, as one ZIP: the signed application, the identity
// check's artefacts, every answer with the schema version it was given under, the exact texts of
// the agreements and declarations accepted, the screenings, the submissions and the decision trail
// with its audit entries (hash chain included). A manifest names each file with its SHA-256, so a
// file taken out of the pack can still be checked against it.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { valueAt, valueFieldsOf, type StepSchema } from '@kh/engine';
import type { ServerContext } from '../context.ts';
import { applicationSteps, auditLog, ekycChecks, payments, submissions } from '../db/schema.ts';
import { requiredSteps, type Application } from '../applications/index.ts';
import { publishedVersion, translateForVersion, type StepVersion } from '../steps/index.ts';
import { applicationPdf, LEGAL_DOCUMENTS } from '../documents/index.ts';
import { screeningsOf } from '../screening/index.ts';
import { caseDocuments } from './case-documents.ts';
import { staffNamer } from './cases.ts';

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
  what: string;
}

export interface EvidenceManifest {
  application: string;
  relatedType: string;
  status: number;
  submittedAt: string | null;
  generatedAt: string;
  generatedBy: { id: string; name: string };
  /** The step version each answer was given under (0: the build-time schema). */
  schemaVersions: Record<string, number>;
  files: ManifestFile[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
/** A file name safe in any unzip tool: no folders, no control characters. */
const safeName = (name: string) => name.replace(/[^\w.\- ]/g, '_').slice(-80) || 'file';

export async function evidencePack(
  context: Pick<ServerContext, 'db' | 'config' | 'storage'>,
  application: Application,
  generatedBy: { id: string; name: string },
  now = new Date(),
): Promise<{ zip: Uint8Array; manifest: EvidenceManifest }> {
  const { db, storage } = context;
  const entries: Record<string, Uint8Array> = {};
  const listed: ManifestFile[] = [];
  const add = (path: string, bytes: Uint8Array, what: string) => {
    entries[path] = bytes;
    listed.push({ path, sha256: sha256(bytes), bytes: bytes.length, what });
  };

  const stepRows = await db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, application.id)).orderBy(asc(applicationSteps.stepId));
  const versions = new Map<string, StepVersion>();
  for (const row of stepRows) versions.set(row.stepId, await publishedVersion(db, row.stepId, row.schemaVersion));
  const documentOf = (stepId: string) => versions.get(stepId)?.document as StepSchema | undefined;
  const payloads = Object.fromEntries(stepRows.map((row) => [row.stepId, row.payload as Record<string, unknown>]));

  add('application.pdf', await applicationPdf(context, application), 'The application as signed: every answer, the agreements accepted and the signature');
  add(
    'answers.json',
    json(
      requiredSteps(context.config, application)
        .map((stepId) => stepRows.find((row) => row.stepId === stepId))
        .filter((row) => row !== undefined)
        .map((row) => ({ step: row.stepId, schemaVersion: row.schemaVersion, revision: row.revision, savedAt: row.updatedAt, payload: row.payload })),
    ),
    'Every answer, with the step version it was given under',
  );

  // The agreements by their texts, and each declaration by the words the applicant saw, in their language.
  const agreed = String((payloads.agreement as { agreedDocuments?: unknown } | undefined)?.agreedDocuments ?? '')
    .split(',')
    .map(Number)
    .filter(Boolean);
  add('agreements.json', json(LEGAL_DOCUMENTS.filter((document) => agreed.includes(document.id))), 'The texts of the agreements the applicant accepted');
  const declarations = stepRows.flatMap((row) => {
    const version = versions.get(row.stepId);
    if (!version) return [];
    return valueFieldsOf(version.document as StepSchema)
      .filter((field) => field.kind === 'CheckBox' && field.labelKey)
      .map((field) => ({ step: row.stepId, field: field.id, language: application.language ?? 'en', text: translateForVersion(version, application.language, field.labelKey!), answer: valueAt(row.payload as Record<string, unknown>, field) ?? null }));
  });
  add('declarations.json', json(declarations), 'Each declaration as worded for the applicant, and their answer');

  // The identity checks and their images, and the uploads with the question each answers.
  const checks = await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt));
  add('identity/checks.json', json(checks.map(({ pageTokenHash: _hash, responseUrl: _url, ...check }) => check)), 'The identity checks: provider, outcome, what the document read, the face match');
  for (const check of checks) {
    for (const [side, path] of [['front', check.frontImgPath], ['back', check.backImgPath], ['face', check.selfieImgPath]] as const) {
      if (path) add(`identity/${check.id}-${side}.jpg`, await storage.get(path), `Identity check ${check.id}: ${side}`);
    }
  }
  const documents = await caseDocuments(db, application, checks, { payloads, documentOf });
  for (const document of documents) {
    if (document.kind !== 'upload' || !document.relativePath) continue;
    const what = document.question ? `Answers ${document.question.step}.${document.question.field}` : 'Replaced by the applicant (no answer names it now)';
    add(`uploads/${document.ref.slice('file:'.length)}-${safeName(document.name)}`, await storage.get(document.relativePath), what);
  }

  const nameOf = await staffNamer(db);
  add('screening.json', json((await screeningsOf(db, application.id)).map((result) => ({ ...result, deciderName: nameOf(result.decidedBy) }))), 'Each screening: the lists and their versions, the hits and why, the decision on a hit');
  add(
    'submissions.json',
    json(await db.select().from(submissions).where(eq(submissions.applicationId, application.id)).orderBy(asc(submissions.number))),
    'What was submitted each time, and the rejection it answered',
  );
  add(
    'payments.json',
    json(await db.select({ orderNumber: payments.orderNumber, payStatus: payments.payStatus, amountSen: payments.amountSen, cardLast4: payments.cardLast4, createdAt: payments.createdAt, settledAt: payments.settledAt }).from(payments).where(eq(payments.applicationId, application.id))),
    'The card fee',
  );
  // The decision trail: every staff action on the case with its place in the audit's hash chain
  // (each opening of the case is left out: it is in the audit log, and would swamp the rest).
  const trail = await db.select().from(auditLog).where(and(eq(auditLog.applicationId, application.id), ne(auditLog.action, 'caseViewed'))).orderBy(asc(auditLog.chainSeq), asc(auditLog.id));
  add('decisions.json', json(trail.map((entry) => ({ ...entry, staffName: nameOf(entry.staffId) }))), 'The decision trail: the audit entries of the case, chained by SHA-256');

  const manifest: EvidenceManifest = {
    application: application.id,
    relatedType: application.relatedType,
    status: application.status,
    submittedAt: application.submittedAt?.toISOString() ?? null,
    generatedAt: now.toISOString(),
    generatedBy,
    schemaVersions: Object.fromEntries(stepRows.map((row) => [row.stepId, row.schemaVersion])),
    files: listed,
  };
  entries['manifest.json'] = json(manifest);
  return { zip: zipSync(entries, { level: 6, mtime: now }), manifest };
}
