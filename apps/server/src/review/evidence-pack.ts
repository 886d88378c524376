// A decided case's evidence for an examiner, as one ZIP: the signed application, the identity
// check's artefacts, every answer with the schema version it was given under, the exact texts of
// the agreements and declarations accepted, the screenings, the submissions and the decision trail
// with its audit entries (hash chain included). A manifest names each file with its SHA-256, so a
// file taken out of the pack can still be checked against it.
//
// The ZIP is streamed, a file at a time, never built whole: images, PDFs and uploads (already
// compressed) are stored as they are, so no deflate of tens of megabytes runs on the event loop,
// and the memory it takes is the largest file's, not the pack's. The caller learns the ZIP's and the
// manifest's SHA-256 before the last bytes go (`beforeEnd`), to audit the pack it hands over.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { valueAt, valueFieldsOf, type StepSchema } from '@kh/engine';
import type { ServerContext } from '../context.ts';
import { applicationSteps, auditLog, ekycChecks, payments, submissions } from '../db/schema.ts';
import { requiredSteps, type Application } from '../applications/index.ts';
import { AS_GIVEN, answeredVersion, translateForVersion, type StepVersion } from '../steps/index.ts';
import { applicationPdf, LEGAL_DOCUMENTS } from '../documents/index.ts';
import { decisionsOnPerson, screeningsOf } from '../screening/index.ts';
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

/** Files of the pack that are compressed already: stored as they are. */
const STORED = /\.(jpe?g|png|pdf|webp|heic)$/i;

export interface PackedEvidence {
  manifest: EvidenceManifest;
  sha256: string;
  manifestSha256: string;
}

/**
 * The pack as a stream. `beforeEnd` runs once every byte but the ZIP's last is out, with what was
 * packed: if it throws (the audit could not be written), the stream fails and the pack is not whole.
 */
export function evidencePack(
  context: Pick<ServerContext, 'db' | 'config' | 'storage' | 'pdf'>,
  application: Application,
  generatedBy: { id: string; name: string },
  beforeEnd: (packed: PackedEvidence) => Promise<void>,
  now = new Date(),
): Readable {
  const queued: Uint8Array[] = [];
  const zipHash = createHash('sha256');
  let failed: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else {
      zipHash.update(chunk);
      queued.push(chunk);
    }
  });
  // The client's reading paces the packing: a file is read only once what is queued has been taken.
  let wanted = true;
  let whenWanted: (() => void) | undefined;
  const out = new Readable({
    read() {
      wanted = true;
      whenWanted?.();
      whenWanted = undefined;
    },
  });
  const handOver = async () => {
    if (failed) throw failed;
    while (queued.length > 0) wanted = out.push(Buffer.from(queued.shift()!));
    if (!wanted) await new Promise<void>((resolve) => (whenWanted = resolve));
    // A turn of the event loop between slices: other requests run in between.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const put = async (path: string, bytes: Uint8Array) => {
    const file = STORED.test(path) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    file.mtime = now;
    zip.add(file);
    // In slices of a megabyte: a file is deflated (if at all) a slice per turn of the event loop.
    const slice = 1_048_576;
    for (let at = 0; ; at += slice) {
      const last = at + slice >= bytes.length;
      file.push(bytes.subarray(at, at + slice), last);
      await handOver();
      if (last) break;
    }
  };
  void (async () => {
    const manifest = await packFiles(context, application, generatedBy, now, put);
    const manifestBytes = json(manifest);
    await put('manifest.json', manifestBytes);
    zip.end();
    if (failed) throw failed;
    // The ZIP's end is held back until the pack is recorded: a pack nobody audited is never whole.
    const end = queued.splice(0);
    await beforeEnd({ manifest, sha256: zipHash.digest('hex'), manifestSha256: sha256(manifestBytes) });
    for (const chunk of end) out.push(Buffer.from(chunk));
    out.push(null);
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function packFiles(
  context: Pick<ServerContext, 'db' | 'config' | 'storage' | 'pdf'>,
  application: Application,
  generatedBy: { id: string; name: string },
  now: Date,
  put: (path: string, bytes: Uint8Array) => Promise<void>,
): Promise<EvidenceManifest> {
  const { db, storage } = context;
  const listed: ManifestFile[] = [];
  const add = async (path: string, bytes: Uint8Array, what: string) => {
    listed.push({ path, sha256: sha256(bytes), bytes: bytes.length, what });
    await put(path, bytes);
  };

  const stepRows = await db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, application.id)).orderBy(asc(applicationSteps.stepId));
  const versions = new Map<string, StepVersion>();
  for (const row of stepRows) versions.set(row.stepId, await answeredVersion(db, row.stepId, row.schemaVersion ?? undefined, AS_GIVEN));
  const documentOf = (stepId: string) => versions.get(stepId)?.document as StepSchema | undefined;
  const payloads = Object.fromEntries(stepRows.map((row) => [row.stepId, row.payload as Record<string, unknown>]));

  await add('application.pdf', await applicationPdf(context, application), 'The application as signed: every answer, the agreements accepted and the signature');
  await add(
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
  await add('agreements.json', json(LEGAL_DOCUMENTS.filter((document) => agreed.includes(document.id))), 'The texts of the agreements the applicant accepted');
  const declarations = stepRows.flatMap((row) => {
    const version = versions.get(row.stepId);
    if (!version) return [];
    return valueFieldsOf(version.document as StepSchema)
      .filter((field) => field.kind === 'CheckBox' && field.labelKey)
      .map((field) => ({ step: row.stepId, field: field.id, language: application.language ?? 'en', text: translateForVersion(version, application.language, field.labelKey!), answer: valueAt(row.payload as Record<string, unknown>, field) ?? null }));
  });
  await add('declarations.json', json(declarations), 'Each declaration as worded for the applicant, and their answer');

  // The identity checks and their images, and the uploads with the question each answers: one file in memory at a time.
  const checks = await db.select().from(ekycChecks).where(eq(ekycChecks.applicationId, application.id)).orderBy(desc(ekycChecks.createdAt));
  await add('identity/checks.json', json(checks.map(({ pageTokenHash: _hash, responseUrl: _url, ...check }) => check)), 'The identity checks: provider, outcome, what the document read, the face match');
  for (const check of checks) {
    for (const [side, path] of [['front', check.frontImgPath], ['back', check.backImgPath], ['face', check.selfieImgPath]] as const) {
      if (path) await add(`identity/${check.id}-${side}.jpg`, await storage.get(path), `Identity check ${check.id}: ${side}`);
    }
  }
  const documents = await caseDocuments(db, application, checks, { payloads, documentOf });
  for (const document of documents) {
    if (document.kind !== 'upload' || !document.relativePath) continue;
    const what = document.question ? `Answers ${document.question.step}.${document.question.field}` : 'Replaced by the applicant (no answer names it now)';
    await add(`uploads/${document.ref.slice('file:'.length)}-${safeName(document.name)}`, await storage.get(document.relativePath), what);
  }

  const nameOf = await staffNamer(db);
  await add(
    'screening.json',
    json((await screeningsOf(db, application.id)).map((result) => ({ ...result, deciderName: nameOf(result.decidedBy) }))),
    'Each screening: the lists and their versions (none loaded: "unscreened", nothing was compared), the hits and why, and the decision last made on them',
  );
  await add(
    'screening-decisions.json',
    json((await decisionsOnPerson(db, application)).map((decision) => ({ ...decision, deciderName: nameOf(decision.decidedBy) }))),
    'Every decision on a screening hit of this person, on any of their applications (a confirmation stays with the person), and any override of one',
  );
  await add(
    'submissions.json',
    json(await db.select().from(submissions).where(eq(submissions.applicationId, application.id)).orderBy(asc(submissions.number))),
    'What was submitted each time, and the rejection it answered',
  );
  await add(
    'payments.json',
    json(await db.select({ orderNumber: payments.orderNumber, payStatus: payments.payStatus, amountSen: payments.amountSen, cardLast4: payments.cardLast4, createdAt: payments.createdAt, settledAt: payments.settledAt }).from(payments).where(eq(payments.applicationId, application.id))),
    'The card fee',
  );
  // The decision trail: every staff action on the case with its place in the audit's hash chain
  // (each opening of the case is left out: it is in the audit log, and would swamp the rest).
  const trail = await db.select().from(auditLog).where(and(eq(auditLog.applicationId, application.id), ne(auditLog.action, 'caseViewed'))).orderBy(asc(auditLog.chainSeq), asc(auditLog.id));
  await add('decisions.json', json(trail.map((entry) => ({ ...entry, staffName: nameOf(entry.staffId) }))), 'The decision trail: the audit entries of the case, chained by SHA-256');

  return {
    application: application.id,
    relatedType: application.relatedType,
    status: application.status,
    submittedAt: application.submittedAt?.toISOString() ?? null,
    generatedAt: now.toISOString(),
    generatedBy,
    // Only the steps the applicant answered were given under a version; one the server filled is not.
    schemaVersions: Object.fromEntries(stepRows.flatMap((row) => (row.schemaVersion === null ? [] : [[row.stepId, row.schemaVersion]]))),
    files: listed,
  };
}
