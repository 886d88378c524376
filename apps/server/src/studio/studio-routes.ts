// The schema studio's API (role "editor"): drafts, review and publishing of step versions, the
// server check of a preview's payload, rollback and export. Every lint and compile of a document
// runs in the studio's worker thread within a time and memory limit (studio/studio-compiler.ts);
// an editor's compiling requests are counted, drafts have a quota. Publishing and rolling back both
// take a second editor: a rollback is a version of the earlier document sent for review, and once
// live it retires the version it replaced, so nothing is saved under that one again.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { compareArms } from '@kh/engine/experiment';
import { loadLocales } from '@kh/engine/node';
import { translationOf } from '@kh/engine/lint';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { confirmedSource, diffStepVersions, fieldIds, STUDIO_LANGUAGES, stepFileText, textSourcesAfter, TRANSLATED_LANGUAGES, type StepContext, type StepSchema, type StepTranslations, type TextSources } from '@kh/engine';
import type { LintProblem } from '@kh/engine/lint';
import { createHash } from 'node:crypto';
import { applicationSteps, applications, staff, stepExperiments, stepPublications, stepVersionComments, stepVersions } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { countUpTo } from '../db/count-up-to.ts';
import { breakingChange, endExperiment, lockedStepState, lockStep, makeLive, OPEN_COUNT_CAP, OPEN_STATUSES, openApplicationsHolding } from './publishing.ts';
import { AppError, CODES, languageOf, ok } from '../http/envelope.ts';
import { checkLimit } from '../http/rate-limits.ts';
import { translate } from '@kh/i18n';
import { auditRequest, originOf } from '../audit/index.ts';
import { experimentArms, funnel } from '../analytics/index.ts';
import { staffOf } from '../staff/index.ts';
import { StudioTooComplexError, type StudioCompiler } from './studio-compiler.ts';
import { tellAuthorOfChanges } from './review-mail.ts';
import { liveVersion, publishedVersion } from '../steps/index.ts';
import { bundledVersion, contextFrom, FORM_STEP_IDS } from '../steps/index.ts';
import type { Database } from '../db/database.ts';
import { appCsp } from '../http/csp.ts';

type Version = typeof stepVersions.$inferSelect;
/** How many of the most recently saved open answers a publish's impact validates: a sample, said as one. */
const IMPACT_SAMPLE = 500;
/** The shipped texts, which a version's own texts override. */
const shippedTexts = loadLocales();
/** The values a studio request may hold: a document at its largest size (768 KB) is well within it. */
const STUDIO_INPUT_NODES = 100_000;
/** How far ahead a publish may be scheduled. */
const SCHEDULE_MAX_DAYS = 90;
/** The longest range the funnel reads at once. */
const FUNNEL_MAX_DAYS = 366;

/**
 * The validator modules of unsaved documents the studio previews, by content hash, newest last. The
 * console runs under script-src 'self' and cannot compile a validator itself, so the server compiles
 * as a publish would and serves the module from its own origin. Bounded: an editor typing makes many.
 */
const PREVIEW_MODULES_KEPT = 64;
const previewModules = new Map<string, string>();
function keepPreviewModule(module: string): string {
  const hash = createHash('sha256').update(module).digest('hex').slice(0, 32);
  previewModules.delete(hash);
  previewModules.set(hash, module);
  for (const oldest of previewModules.keys()) {
    if (previewModules.size <= PREVIEW_MODULES_KEPT) break;
    previewModules.delete(oldest);
  }
  return hash;
}

/** Lints every step's live version into the compiler's keeping, one after another, so the studio's first list after a start finds them made. */
export async function lintLiveVersions(db: Database, compiler: StudioCompiler): Promise<void> {
  const live = await db.select().from(stepPublications).where(isNull(stepPublications.endedAt));
  for (const stepId of FORM_STEP_IDS) {
    const current = await publishedVersion(db, stepId, live.find((p) => p.stepId === stepId)?.version ?? 0);
    await compiler.lint(current.document, current.translations).catch(() => undefined);
  }
}

export const staffStudioPlugin: FastifyPluginAsync = async (app) => {
  const { db, studio: compiler, config } = app.kh;
  const limits = config.studio;
  // A step document is bounded by its bytes (KH_STUDIO_DOCUMENT_BYTES), not by the API's value count:
  // a 2,000-choice select with its texts in three languages holds some 14,000 values.
  const editor = { config: { staffAccess: 'studio.edit', inputNodes: STUDIO_INPUT_NODES } } as const;
  const stepParams = { type: 'object', required: ['stepId'], properties: { stepId: { type: 'string', maxLength: 40 }, version: { type: 'integer', minimum: 0, maximum: 1_000_000 } } } as const;
  // Texts per language: a 2,000-choice select's choices and the rest of the step (the document's bytes bound them too).
  const translationsSchema = {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(STUDIO_LANGUAGES.map((language) => [language, { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 2000 } }])),
  };
  const documentBody = { type: 'object', required: ['document', 'translations'], properties: { document: { type: 'object' }, translations: translationsSchema, basedOn: { type: 'integer', minimum: 0 } } };

  const knownStep = (stepId: string) => {
    if (!FORM_STEP_IDS.includes(stepId)) throw new AppError(404, '404', 'server.studioStepUnknown', { step: stepId });
  };
  /** A version's translation sources as stored (none for the build-time version). */
  const sourcesOf = (row: Version | undefined): TextSources => (row?.textSources ?? {}) as TextSources;
  /** A key's English in a version: its own text, else the shipped one. */
  const englishIn = (translations: StepTranslations) => (key: string) => translations.en?.[key] ?? translationOf(shippedTexts.en, key);

  /** Each translation's English source for every key of the table: as stored, else (a shipped text) the shipped English. */
  const sourcesForTable = (row: Version | undefined, table: { key: string }[]): TextSources => {
    const stored = sourcesOf(row);
    const sources: TextSources = {};
    for (const language of TRANSLATED_LANGUAGES)
      for (const { key } of table) {
        const source = stored[language]?.[key] ?? translationOf(shippedTexts.en, key);
        if (source !== undefined) (sources[language] ??= {})[key] = source;
      }
    return sources;
  };

  /** A version's document and texts: 0 is the build-time one, otherwise any row (drafts included). */
  async function versionDocument(stepId: string, version: number): Promise<{ document: StepSchema; translations: StepTranslations; row?: Version }> {
    if (version === 0) return { document: bundledVersion(stepId).document, translations: {} };
    const [row] = await db.select().from(stepVersions).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version)));
    if (!row) throw new AppError(404, '404', 'server.schemaVersionUnknown');
    return { document: row.document as StepSchema, translations: row.translations as StepTranslations, row };
  }
  /** A version may not become another step: the flow and the stored answers know it by id and code. */
  const sameStep = (stepId: string, document: unknown) => {
    const bundled = bundledVersion(stepId).document;
    const given = document as Partial<StepSchema>;
    if (given.id !== bundled.id || given.stepCode !== bundled.stepCode) throw new AppError(400, CODES.badState, 'server.studioStepIdChanged');
  };
  /** Each request that compiles counts against the editor's minute. */
  const counted = (request: FastifyRequest) => checkLimit(request, `studio:${staffOf(request)}`, limits.requestsPerMinute, 60_000);
  /** A document (and its texts) within the size a draft may have. */
  const withinSize = (document: unknown, translations: unknown = {}) => {
    const bytes = Buffer.byteLength(JSON.stringify(document)) + Buffer.byteLength(JSON.stringify(translations));
    if (bytes > limits.documentBytes) throw new AppError(413, '400', 'server.studioDocumentTooLarge', { kb: Math.round(limits.documentBytes / 1024) });
  };
  /** The compiler's answer, or the document's problem when it cannot compile within the limits. */
  async function compiling<T>(request: FastifyRequest, work: () => Promise<T>, tooComplex: (problem: LintProblem) => T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StudioTooComplexError)) throw error;
      await auditRequest(request, { action: 'studioTooComplex', detail: { route: request.routeOptions.url } });
      return tooComplex({ file: 'document', reason: translate(languageOf(request), error.messageKey, error.params) });
    }
  }
  const lintOf = (request: FastifyRequest, document: unknown, translations: StepTranslations) => compiling(request, () => compiler.lint(document, translations), (problem) => [problem]);

  const lintedOrLater = (document: unknown, translations: StepTranslations): number | null => {
    const kept = compiler.keptLint(document, translations);
    if (kept) return kept.length;
    compiler.lint(document, translations).catch(() => undefined);
    return null;
  };

  // The steps list: each step's live version, its lint, drafts waiting and the last change.
  app.get('/studio/steps', editor, async (request) => {
    // The signed-in editor's own drafts sent back with changes asked for: the open threads on them, per step.
    const asked = await db
      .select({ stepId: stepVersionComments.stepId, n: count() })
      .from(stepVersionComments)
      .innerJoin(stepVersions, and(eq(stepVersions.stepId, stepVersionComments.stepId), eq(stepVersions.version, stepVersionComments.version)))
      .where(and(eq(stepVersions.authorId, staffOf(request)), eq(stepVersions.status, 'draft'), eq(stepVersionComments.changesRequested, true), isNull(stepVersionComments.parentId), isNull(stepVersionComments.resolvedAt)))
      .groupBy(stepVersionComments.stepId);
    const rows = await db
      .select({ stepId: stepVersions.stepId, version: stepVersions.version, status: stepVersions.status, updatedAt: stepVersions.updatedAt, author: staff.name })
      .from(stepVersions)
      .innerJoin(staff, eq(staff.id, stepVersions.authorId))
      .orderBy(desc(stepVersions.updatedAt));
    const live = await db.select().from(stepPublications).where(isNull(stepPublications.endedAt));
    return ok(
      await Promise.all(
        FORM_STEP_IDS.map(async (stepId) => {
          const publication = live.find((p) => p.stepId === stepId);
          const version = publication?.version ?? 0;
          const current = await publishedVersion(db, stepId, version);
          const own = rows.filter((r) => r.stepId === stepId);
          return {
            stepId,
            liveVersion: version,
            liveSince: publication?.startedAt ?? null,
            // A lint not made yet is made in the background and the list says "checking": the list
            // answers at once, and asks again (the first list after a start lints every step).
            problems: lintedOrLater(current.document, current.translations),
            drafts: own.filter((r) => r.status === 'draft' || r.status === 'review').length,
            changesRequested: Number(asked.find((a) => a.stepId === stepId)?.n ?? 0),
            lastChange: own[0] ? { version: own[0].version, status: own[0].status, by: own[0].author, at: own[0].updatedAt } : null,
          };
        }),
      ),
    );
  });

  // One step: its versions (newest first) and its publications.
  app.get('/studio/steps/:stepId', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId } = request.params as { stepId: string };
    knownStep(stepId);
    const rows = await db
      .select({
        version: stepVersions.version,
        status: stepVersions.status,
        basedOn: stepVersions.basedOn,
        rollbackOf: stepVersions.rollbackOf,
        retiredAt: stepVersions.retiredAt,
        authorId: stepVersions.authorId,
        author: staff.name,
        createdAt: stepVersions.createdAt,
        updatedAt: stepVersions.updatedAt,
        submittedAt: stepVersions.submittedAt,
        publishedAt: stepVersions.publishedAt,
        reviewerId: stepVersions.reviewerId,
        publishAt: stepVersions.publishAt,
        failure: stepVersions.scheduleFailure,
      })
      .from(stepVersions)
      .innerJoin(staff, eq(staff.id, stepVersions.authorId))
      .where(eq(stepVersions.stepId, stepId))
      .orderBy(desc(stepVersions.version));
    // Why a scheduled publish did not happen, in the editor's language.
    const language = languageOf(request);
    const versions = rows.map(({ failure, ...version }) => {
      const said = failure as { key: string; params: Record<string, string | number> } | null;
      return { ...version, scheduleFailure: said ? translate(language, said.key, said.params) : null };
    });
    const publications = await db
      .select({ version: stepPublications.version, action: stepPublications.action, by: staff.name, migration: stepPublications.migration, startedAt: stepPublications.startedAt, endedAt: stepPublications.endedAt })
      .from(stepPublications)
      .innerJoin(staff, eq(staff.id, stepPublications.staffId))
      .where(eq(stepPublications.stepId, stepId))
      .orderBy(asc(stepPublications.startedAt));
    return ok({ stepId, liveVersion: await liveVersion(db, stepId), versions, publications });
  });

  // One version in full: document, texts, the translation table, its lint, and its diff from the version it started from.
  app.get('/studio/steps/:stepId/versions/:version', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    const { document, translations, row } = await versionDocument(stepId, version);
    const basedOn = row?.basedOn ?? 0;
    const base = version === 0 ? { document, translations } : await versionDocument(stepId, basedOn);
    const problems = await lintOf(request, document, translations);
    const table = await compiling(request, () => compiler.run('table', { document, translations }), () => []);
    return ok({
      stepId,
      version,
      status: row?.status ?? 'published',
      basedOn,
      rollbackOf: row?.rollbackOf ?? null,
      authorId: row?.authorId ?? null,
      document,
      translations,
      table,
      // Each translation's English source, for every text of the table (a shipped text's is the shipped English).
      sources: sourcesForTable(row, table),
      problems,
      diff: problems.length === 0 ? diffStepVersions(base, { document, translations }, (language, key) => translationOf(shippedTexts[language], key)) : { fields: [], payload: { added: [], removed: [] }, texts: [] },
    });
  });

  /** A new version row, numbered under the step's lock: two editors drafting at once get two numbers. */
  async function newVersion(values: Omit<typeof stepVersions.$inferInsert, 'version'>): Promise<number> {
    return db.transaction(async (tx) => {
      await lockStep(tx, values.stepId);
      const [last] = await tx.select({ max: sql<number>`coalesce(max(${stepVersions.version}), 0)`.mapWith(Number) }).from(stepVersions).where(eq(stepVersions.stepId, values.stepId));
      const next = (last?.max ?? 0) + 1;
      await tx.insert(stepVersions).values({ ...values, version: next });
      return next;
    });
  }

  // A new draft, from a version (the live one by default). An editor keeps a bounded number of drafts.
  app.post('/studio/steps/:stepId/drafts', { ...editor, schema: { params: stepParams, body: documentBody } }, async (request) => {
    const { stepId } = request.params as { stepId: string };
    knownStep(stepId);
    await counted(request);
    const body = request.body as { document: StepSchema; translations: StepTranslations; basedOn?: number };
    sameStep(stepId, body.document);
    withinSize(body.document, body.translations);
    const basedOn = body.basedOn ?? (await liveVersion(db, stepId));
    const base = await versionDocument(stepId, basedOn).catch(() => {
      throw new AppError(400, CODES.badState, 'server.studioBasedOnUnknown');
    });
    const staffId = staffOf(request);
    const [{ drafts }] = await db.select({ drafts: count() }).from(stepVersions).where(and(eq(stepVersions.authorId, staffId), eq(stepVersions.status, 'draft')));
    if (drafts >= limits.draftsPerEditor) throw new AppError(409, CODES.badState, 'server.studioDraftQuota', { count: limits.draftsPerEditor });
    const textSources = textSourcesAfter({ translations: base.translations, sources: sourcesOf(base.row) }, body.translations, englishIn(body.translations));
    const version = await newVersion({ stepId, status: 'draft', basedOn, document: body.document, translations: body.translations, textSources, authorId: staffId });
    await auditRequest(request, { action: 'studioDraft', detail: { stepId, version, basedOn } });
    return ok({ version, problems: await lintOf(request, body.document, body.translations) });
  });

  // The author saves their draft again.
  app.put('/studio/steps/:stepId/versions/:version', { ...editor, schema: { params: stepParams, body: documentBody } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    await counted(request);
    const body = request.body as { document: StepSchema; translations: StepTranslations };
    sameStep(stepId, body.document);
    withinSize(body.document, body.translations);
    const staffId = staffOf(request);
    const { row } = await versionDocument(stepId, version);
    if (!row || row.status !== 'draft') throw new AppError(409, CODES.badState, 'server.studioNotDraft', { status: row?.status ?? 'published' });
    if (row.authorId !== staffId) throw new AppError(403, '403', 'server.studioNotAuthor');
    const [saved] = await db
      .update(stepVersions)
      .set({ document: body.document, translations: body.translations, textSources: textSourcesAfter({ translations: row.translations as StepTranslations, sources: sourcesOf(row) }, body.translations, englishIn(body.translations)), updatedAt: new Date() })
      .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'draft')))
      .returning({ version: stepVersions.version });
    if (!saved) throw new AppError(409, CODES.badState, 'server.studioNotDraft', { status: 'review' });
    return ok({ version, problems: await lintOf(request, body.document, body.translations) });
  });

  // The author sends a clean draft for review; it is frozen from then on.
  app.post('/studio/steps/:stepId/versions/:version/submit', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    await counted(request);
    const staffId = staffOf(request);
    const { row, document, translations } = await versionDocument(stepId, version);
    if (!row || row.status !== 'draft') throw new AppError(409, CODES.badState, 'server.studioNotDraft', { status: row?.status ?? 'published' });
    if (row.authorId !== staffId) throw new AppError(403, '403', 'server.studioNotAuthor');
    const problems = await lintOf(request, document, translations);
    if (problems.length > 0) throw new AppError(409, CODES.badState, 'server.studioLintFailed', { count: problems.length }, { problems });
    await db.update(stepVersions).set({ status: 'review', submittedAt: new Date(), updatedAt: new Date() }).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'draft')));
    await auditRequest(request, { action: 'studioSubmit', detail: { stepId, version } });
    return ok({ version, status: 'review' });
  });

  // The author confirms a translation still says what its key's changed English says: no longer outdated.
  app.post(
    '/studio/steps/:stepId/versions/:version/texts/confirm',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['language', 'key'], additionalProperties: false, properties: { language: { enum: TRANSLATED_LANGUAGES }, key: { type: 'string', minLength: 1, maxLength: 200 } } } } },
    async (request) => {
      const { stepId, version } = request.params as { stepId: string; version: number };
      knownStep(stepId);
      const { language, key } = request.body as { language: (typeof TRANSLATED_LANGUAGES)[number]; key: string };
      const { row, translations } = await versionDocument(stepId, version);
      if (!row || row.status !== 'draft') throw new AppError(409, CODES.badState, 'server.studioNotDraft', { status: row?.status ?? 'published' });
      if (row.authorId !== staffOf(request)) throw new AppError(403, '403', 'server.studioNotAuthor');
      const english = englishIn(translations)(key);
      if (english === undefined) throw new AppError(400, CODES.badState, 'server.studioTextUnknown', { key });
      await db
        .update(stepVersions)
        .set({ textSources: confirmedSource(sourcesOf(row), language, key, english), updatedAt: new Date() })
        .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'draft')));
      return ok({ language, key, source: english });
    },
  );

  // The review as a conversation: comments on a version (a field of it, or the whole), and a request
  // for changes that sends a version in review back to its author as a draft, the comments beside it.
  app.get('/studio/steps/:stepId/versions/:version/comments', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    await versionDocument(stepId, version);
    const rows = await db
      .select({
        id: stepVersionComments.id,
        parentId: stepVersionComments.parentId,
        field: stepVersionComments.field,
        body: stepVersionComments.body,
        author: staff.name,
        authorId: stepVersionComments.authorId,
        changesRequested: stepVersionComments.changesRequested,
        resolvedAt: stepVersionComments.resolvedAt,
        resolvedById: stepVersionComments.resolvedBy,
        createdAt: stepVersionComments.createdAt,
      })
      .from(stepVersionComments)
      .innerJoin(staff, eq(staff.id, stepVersionComments.authorId))
      .where(and(eq(stepVersionComments.stepId, stepId), eq(stepVersionComments.version, version)))
      .orderBy(asc(stepVersionComments.createdAt), asc(stepVersionComments.id));
    const resolvers = [...new Set(rows.flatMap((row) => (row.resolvedById ? [row.resolvedById] : [])))];
    const names = new Map(resolvers.length ? (await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, resolvers))).map((row) => [row.id, row.name]) : []);
    return ok(rows.map(({ resolvedById, ...row }) => ({ ...row, resolvedBy: resolvedById ? (names.get(resolvedById) ?? null) : null })));
  });

  /** Who may write on a version's threads: any editor while it is in review; its author while it is their draft (answering what was asked). */
  const commentable = (row: { status: string; authorId: string } | undefined, staffId: string) => !!row && (row.status === 'review' || (row.status === 'draft' && row.authorId === staffId));

  const commentBody = {
    type: 'object',
    required: ['body'],
    additionalProperties: false,
    properties: { field: { type: 'string', minLength: 1, maxLength: 80 }, body: { type: 'string', minLength: 1, maxLength: 2000 }, parentId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  } as const;
  app.post('/studio/steps/:stepId/versions/:version/comments', { ...editor, schema: { params: stepParams, body: commentBody } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    const { field, body, parentId } = request.body as { field?: string; body: string; parentId?: number };
    const staffId = staffOf(request);
    const { row, document } = await versionDocument(stepId, version);
    if (!commentable(row, staffId)) throw new AppError(409, CODES.badState, 'server.studioNotCommentable');
    if (!body.trim()) throw new AppError(400, CODES.badState, 'server.studioCommentEmpty');
    // A reply joins its thread (the thread's first comment), on the thread's field.
    let thread: { id: number; field: string | null } | undefined;
    if (parentId !== undefined) {
      const [parent] = await db
        .select({ id: stepVersionComments.id, parentId: stepVersionComments.parentId, field: stepVersionComments.field })
        .from(stepVersionComments)
        .where(and(eq(stepVersionComments.id, parentId), eq(stepVersionComments.stepId, stepId), eq(stepVersionComments.version, version)));
      if (!parent) throw new AppError(404, '404', 'server.studioCommentUnknown');
      thread = { id: parent.parentId ?? parent.id, field: parent.field };
    } else if (field !== undefined && !fieldIds(document).has(field)) throw new AppError(400, CODES.badState, 'server.studioCommentField', { field });
    const [made] = await db
      .insert(stepVersionComments)
      .values({ stepId, version, field: thread ? thread.field : (field ?? null), body: body.trim(), authorId: staffId, parentId: thread?.id ?? null })
      .returning({ id: stepVersionComments.id });
    await auditRequest(request, { action: 'studioComment', detail: { stepId, version, ...(field ? { field } : {}), ...(thread ? { thread: thread.id } : {}) } });
    return ok({ id: made!.id });
  });

  // A thread settled (or opened again): by the version's author or whoever began the thread.
  app.post(
    '/studio/steps/:stepId/versions/:version/comments/:commentId/resolve',
    {
      ...editor,
      schema: {
        params: { type: 'object', required: ['stepId', 'version', 'commentId'], properties: { ...stepParams.properties, commentId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
        body: { type: 'object', required: ['resolved'], additionalProperties: false, properties: { resolved: { type: 'boolean' } } },
      },
    },
    async (request) => {
      const { stepId, version, commentId } = request.params as { stepId: string; version: number; commentId: number };
      knownStep(stepId);
      const { resolved } = request.body as { resolved: boolean };
      const staffId = staffOf(request);
      const { row } = await versionDocument(stepId, version);
      if (!row || (row.status !== 'review' && row.status !== 'draft')) throw new AppError(409, CODES.badState, 'server.studioNotCommentable');
      const [thread] = await db
        .select({ id: stepVersionComments.id, parentId: stepVersionComments.parentId, authorId: stepVersionComments.authorId })
        .from(stepVersionComments)
        .where(and(eq(stepVersionComments.id, commentId), eq(stepVersionComments.stepId, stepId), eq(stepVersionComments.version, version)));
      if (!thread || thread.parentId !== null) throw new AppError(404, '404', 'server.studioCommentUnknown');
      if (row.authorId !== staffId && thread.authorId !== staffId) throw new AppError(403, '403', 'server.studioResolveNotYours');
      await db
        .update(stepVersionComments)
        .set(resolved ? { resolvedAt: new Date(), resolvedBy: staffId } : { resolvedAt: null, resolvedBy: null })
        .where(eq(stepVersionComments.id, thread.id));
      await auditRequest(request, { action: resolved ? 'studioCommentResolved' : 'studioCommentReopened', detail: { stepId, version, thread: thread.id } });
      return ok({ id: thread.id, resolved });
    },
  );

  app.post(
    '/studio/steps/:stepId/versions/:version/request-changes',
    { ...editor, schema: { params: stepParams, body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string', maxLength: 2000 } } } } },
    async (request) => {
      const { stepId, version } = request.params as { stepId: string; version: number };
      knownStep(stepId);
      const { note } = (request.body ?? {}) as { note?: string };
      const staffId = staffOf(request);
      const { row } = await versionDocument(stepId, version);
      if (!row || row.status !== 'review') throw new AppError(409, CODES.badState, 'server.studioNotInReview');
      if (row.authorId === staffId) throw new AppError(403, '403', 'server.studioOwnVersion');
      const sentBack = await db.transaction(async (tx) => {
        if (note?.trim()) await tx.insert(stepVersionComments).values({ stepId, version, field: null, body: note.trim(), authorId: staffId });
        const [said] = await tx.select({ n: count() }).from(stepVersionComments).where(and(eq(stepVersionComments.stepId, stepId), eq(stepVersionComments.version, version)));
        // Changes are asked for in words: a comment on a field, or a note.
        if (!said?.n) throw new AppError(400, CODES.badState, 'server.studioChangesUnsaid');
        const [done] = await tx
          .update(stepVersions)
          .set({ status: 'draft', submittedAt: null, updatedAt: new Date() })
          .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'review')))
          .returning({ version: stepVersions.version });
        if (!done) throw new AppError(409, CODES.badState, 'server.studioNotInReview');
        await tx.update(stepVersionComments).set({ changesRequested: true }).where(and(eq(stepVersionComments.stepId, stepId), eq(stepVersionComments.version, version)));
        return said.n;
      });
      await auditRequest(request, { action: 'studioChangesRequested', detail: { stepId, version, comments: sentBack } });
      await tellAuthorOfChanges(request, { stepId, version, authorId: row.authorId, askedBy: staffId, comments: Number(sentBack) });
      return ok({ version, status: 'draft' });
    },
  );

  // The author gives up their draft: it stays in the history as discarded, and counts no more.
  app.post('/studio/steps/:stepId/versions/:version/discard', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    const staffId = staffOf(request);
    const { row } = await versionDocument(stepId, version);
    if (!row || row.status !== 'draft') throw new AppError(409, CODES.badState, 'server.studioNotDraft', { status: row?.status ?? 'published' });
    if (row.authorId !== staffId) throw new AppError(403, '403', 'server.studioNotAuthor');
    await db.update(stepVersions).set({ status: 'discarded', updatedAt: new Date() }).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'draft')));
    await auditRequest(request, { action: 'studioDiscard', detail: { stepId, version } });
    return ok({ version, status: 'discarded' });
  });

  /** A version in review that this editor (not its author) may make live, with its validator made now. */
  async function reviewedByAnother(request: FastifyRequest, stepId: string, version: number) {
    const staffId = staffOf(request);
    const { row, document, translations } = await versionDocument(stepId, version);
    if (!row || row.status !== 'review') throw new AppError(409, CODES.badState, 'server.studioNotInReview');
    if (row.authorId === staffId) throw new AppError(403, '403', 'server.studioOwnVersion');
    const made = await compiling(request, () => compiler.run('publication', { document, translations }), (problem) => ({ problems: [problem], jsonSchema: null, validatorCode: null }));
    if (made.problems.length > 0 || !made.validatorCode) throw new AppError(409, CODES.badState, 'server.studioLintFailed', { count: made.problems.length }, { problems: made.problems });
    const live = await liveVersion(db, stepId);
    if (row.basedOn !== live) throw new AppError(409, CODES.badState, 'server.studioStale', { basedOn: row.basedOn, live });
    return { row, staffId, jsonSchema: made.jsonSchema, validatorCode: made.validatorCode };
  }
  const actorOf = (request: FastifyRequest) => ({ staffId: staffOf(request), origin: originOf(request) });

  // A second editor publishes a version in review, now or at a time they choose: its validator is
  // compiled now, once. A rollback version, once live, retires the version it replaced. A scheduled
  // publish is checked now as a publish would be (the migration is stated now) and again when due.
  app.post(
    '/studio/steps/:stepId/versions/:version/publish',
    { ...editor, schema: { params: stepParams, body: { type: 'object', additionalProperties: false, properties: { migration: { type: 'string', maxLength: 2000 }, at: { type: 'string', format: 'date-time' } } } } },
    async (request) => {
      const { stepId, version } = request.params as { stepId: string; version: number };
      knownStep(stepId);
      await counted(request);
      const { migration, at } = (request.body ?? {}) as { migration?: string; at?: string };
      const when = at === undefined ? undefined : new Date(at);
      if (when && (when.getTime() <= Date.now() || when.getTime() > Date.now() + SCHEDULE_MAX_DAYS * 86_400_000)) throw new AppError(400, CODES.badState, 'server.studioScheduleTime', { days: SCHEDULE_MAX_DAYS });
      const { row, staffId, jsonSchema, validatorCode } = await reviewedByAnother(request, stepId, version);
      if (!when) {
        await makeLive(db, actorOf(request), { stepId, version, from: 'review', migration, basedOn: row.basedOn, jsonSchema, validatorCode, rollbackOf: row.rollbackOf });
        return ok({ version, status: 'published', liveVersion: version });
      }
      await breakingChange(db, stepId, version, migration);
      const [scheduled] = await db
        .update(stepVersions)
        .set({ status: 'scheduled', publishAt: when, publishBy: staffId, publishMigration: migration?.trim() || null, scheduleFailure: null, reviewerId: staffId, jsonSchema, validatorCode, updatedAt: new Date() })
        .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'review')))
        .returning({ version: stepVersions.version });
      if (!scheduled) throw new AppError(409, CODES.badState, 'server.studioNotInReview');
      await app.kh.queue.sendAt(QUEUES.studioPublish, { stepId, version }, when);
      await auditRequest(request, { action: 'studioScheduled', detail: { stepId, version, at: when.toISOString() } });
      return ok({ version, status: 'scheduled', publishAt: when.toISOString() });
    },
  );

  // Any editor may call a scheduled publish off: the version goes back to review.
  app.post('/studio/steps/:stepId/versions/:version/unschedule', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    const [back] = await db
      .update(stepVersions)
      .set({ status: 'review', publishAt: null, publishBy: null, publishMigration: null, updatedAt: new Date() })
      .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'scheduled')))
      .returning({ version: stepVersions.version });
    if (!back) throw new AppError(409, CODES.badState, 'server.studioNotScheduled');
    await auditRequest(request, { action: 'studioUnscheduled', detail: { stepId, version } });
    return ok({ version, status: 'review' });
  });

  // An experiment: a second editor tries a version in review on a share of new applications beside
  // the live one (drawn by each application's id, pinned once answered). One editor asks to end it,
  // adopting the version tried or retiring it; another does it.
  app.post(
    '/studio/steps/:stepId/versions/:version/experiment',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['share'], additionalProperties: false, properties: { share: { type: 'integer', minimum: 1, maximum: 99 }, migration: { type: 'string', maxLength: 2000 } } } } },
    async (request) => {
      const { stepId, version } = request.params as { stepId: string; version: number };
      knownStep(stepId);
      await counted(request);
      const { share, migration } = request.body as { share: number; migration?: string };
      const { row, staffId, jsonSchema, validatorCode } = await reviewedByAnother(request, stepId, version);
      // Applicants drawn the version tried give its answers to the same readers as a publish would.
      await breakingChange(db, stepId, version, migration);
      await db.transaction(async (tx) => {
        const { live, running } = await lockedStepState(tx, stepId);
        if (running) throw new AppError(409, CODES.badState, 'server.studioExperimentRunning', { version: running.version });
        if (live !== row.basedOn) throw new AppError(409, CODES.badState, 'server.studioStale', { basedOn: row.basedOn, live });
        const [tried] = await tx
          .update(stepVersions)
          .set({ status: 'experiment', reviewerId: staffId, jsonSchema, validatorCode, updatedAt: new Date() })
          .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'review')))
          .returning({ version: stepVersions.version });
        if (!tried) throw new AppError(409, CODES.badState, 'server.studioNotInReview');
        await tx.insert(stepExperiments).values({ stepId, version, control: row.basedOn, share, migration: migration?.trim() || null, startedBy: staffId });
      });
      await auditRequest(request, { action: 'studioExperimentStarted', detail: { stepId, version, control: row.basedOn, share } });
      return ok({ version, status: 'experiment', share, control: row.basedOn });
    },
  );

  /** The step's running experiment, or its last one. */
  async function lastExperiment(stepId: string) {
    const [row] = await db.select().from(stepExperiments).where(eq(stepExperiments.stepId, stepId)).orderBy(desc(stepExperiments.startedAt), desc(stepExperiments.id)).limit(1);
    return row;
  }
  /** The names of these staff, by id, in one read. */
  const staffNames = async (ids: (string | null)[]): Promise<Map<string, string>> => {
    const wanted = ids.filter((id): id is string => id !== null);
    const rows = wanted.length ? await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, wanted)) : [];
    return new Map(rows.map((each) => [each.id, each.name]));
  };

  // The experiment and how its two versions compare: people who first reached the step while it ran,
  // per version they were drawn, how many went on and how many a Next held back, each difference judged.
  app.get('/studio/steps/:stepId/experiment', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId } = request.params as { stepId: string };
    knownStep(stepId);
    const row = await lastExperiment(stepId);
    if (!row) return ok(null);
    const arms = await experimentArms(db, { stepId, versions: [row.version, row.control], from: row.startedAt, until: row.endedAt ?? new Date() });
    const armOf = (version: number) => arms.find((arm) => arm.version === version) ?? { version, reached: 0, completed: 0, erred: 0 };
    const tried = armOf(row.version);
    const live = armOf(row.control);
    const names = await staffNames([row.startedBy, row.endAskedBy, row.endedBy]);
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return ok({
      id: row.id,
      stepId,
      version: row.version,
      control: row.control,
      share: row.share,
      startedBy: nameOf(row.startedBy),
      startedAt: row.startedAt,
      endOutcome: row.endOutcome,
      endAskedBy: nameOf(row.endAskedBy),
      endAskedById: row.endAskedBy,
      endAskedAt: row.endAskedAt,
      endedBy: nameOf(row.endedBy),
      endedAt: row.endedAt,
      arms: { tried, live },
      completion: compareArms({ people: tried.reached, did: tried.completed }, { people: live.reached, did: live.completed }),
      errors: compareArms({ people: tried.reached, did: tried.erred }, { people: live.reached, did: live.erred }),
    });
  });

  app.post(
    '/studio/steps/:stepId/experiment/end',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['outcome'], additionalProperties: false, properties: { outcome: { enum: ['adopt', 'stop'] } } } } },
    async (request) => {
      const { stepId } = request.params as { stepId: string };
      knownStep(stepId);
      const { outcome } = request.body as { outcome: 'adopt' | 'stop' };
      const [asked] = await db
        .update(stepExperiments)
        .set({ endOutcome: outcome, endAskedBy: staffOf(request), endAskedAt: new Date() })
        .where(and(eq(stepExperiments.stepId, stepId), isNull(stepExperiments.endedAt), isNull(stepExperiments.endAskedBy)))
        .returning({ id: stepExperiments.id, version: stepExperiments.version });
      if (!asked) {
        const row = await lastExperiment(stepId);
        throw new AppError(409, CODES.badState, row && !row.endedAt ? 'server.studioExperimentEndAsked' : 'server.studioNoExperiment');
      }
      await auditRequest(request, { action: 'studioExperimentEndAsked', detail: { stepId, version: asked.version, outcome } });
      return ok({ version: asked.version, endOutcome: outcome });
    },
  );

  // The asker may take the question back, and a second editor may decline it the same way.
  app.post('/studio/steps/:stepId/experiment/end/withdraw', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId } = request.params as { stepId: string };
    knownStep(stepId);
    const [withdrawn] = await db
      .update(stepExperiments)
      .set({ endOutcome: null, endAskedBy: null, endAskedAt: null })
      .where(and(eq(stepExperiments.stepId, stepId), isNull(stepExperiments.endedAt), isNotNull(stepExperiments.endAskedBy)))
      .returning({ version: stepExperiments.version });
    if (!withdrawn) throw new AppError(409, CODES.badState, 'server.studioExperimentEndUnasked');
    await auditRequest(request, { action: 'studioExperimentEndWithdrawn', detail: { stepId, version: withdrawn.version } });
    return ok({ version: withdrawn.version });
  });

  app.post('/studio/steps/:stepId/experiment/end/confirm', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId } = request.params as { stepId: string };
    knownStep(stepId);
    const staffId = staffOf(request);
    const row = await lastExperiment(stepId);
    if (!row || row.endedAt) throw new AppError(409, CODES.badState, 'server.studioNoExperiment');
    if (!row.endAskedBy || !row.endOutcome) throw new AppError(409, CODES.badState, 'server.studioExperimentEndUnasked');
    if (row.endAskedBy === staffId) throw new AppError(403, '403', 'server.studioOwnEndRequest');
    if (row.endOutcome === 'adopt') {
      await makeLive(db, actorOf(request), { stepId, version: row.version, from: 'experiment', basedOn: row.control, migration: row.migration, rollbackOf: null, experimentId: row.id });
    } else {
      // Retired, the version tried is drawn no more, and the answers pinned to it are read under the live one.
      await db.transaction(async (tx) => {
        await lockStep(tx, stepId);
        await endExperiment(tx, row.id, staffId);
        await tx.update(stepVersions).set({ retiredAt: new Date(), updatedAt: new Date() }).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, row.version)));
      });
    }
    await auditRequest(request, { action: 'studioExperimentEnded', detail: { stepId, version: row.version, outcome: row.endOutcome, askedBy: row.endAskedBy } });
    return ok({ version: row.version, outcome: row.endOutcome, liveVersion: await liveVersion(db, stepId) });
  });

  // Where applicants give up: the funnel per step and version, and per field, from the app's events.
  const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
  app.get(
    '/studio/funnel',
    { ...editor, schema: { querystring: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: DAY, to: DAY, stepId: { type: 'string', maxLength: 40 } } } } },
    async (request) => {
      const range = request.query as { from: string; to: string; stepId?: string };
      if (range.stepId) knownStep(range.stepId);
      const from = Date.parse(`${range.from}T00:00:00Z`);
      const to = Date.parse(`${range.to}T00:00:00Z`);
      // A calendar day that does not exist (2026-02-30), a range back to front, or longer than a year.
      if (Number.isNaN(from) || Number.isNaN(to) || new Date(from).toISOString().slice(0, 10) !== range.from || new Date(to).toISOString().slice(0, 10) !== range.to || to < from || to - from > FUNNEL_MAX_DAYS * 86_400_000)
        throw new AppError(400, CODES.badState, 'server.funnelRange', { days: FUNNEL_MAX_DAYS });
      return ok(await funnel(db, range));
    },
  );

  // What publishing this version would do, in numbers, before anyone does it: the open applications
  // that answered the step (and under the live version), the keys it drops and who holds them, which
  // of a sample of their stored answers it would refuse and at which fields, and the texts it
  // changes in each language. Counts only: no answer's value leaves the server.
  app.get('/studio/steps/:stepId/versions/:version/impact', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    await counted(request);
    const live = await liveVersion(db, stepId);
    const current = await versionDocument(stepId, live);
    const next = await versionDocument(stepId, version);
    // A text given its shipped words again (renamed there and back) changes nothing.
    const diff = diffStepVersions(current, next, (language, key) => translationOf(shippedTexts[language], key));
    // An answer is a row the applicant saved (it pins a version); a row the server filled (the identity
    // check's pre-fill) pins none and is nobody's answer under any version.
    const openAnswer = and(eq(applicationSteps.stepId, stepId), inArray(applications.status, OPEN_STATUSES), isNotNull(applicationSteps.schemaVersion));
    // Counted up to one past the cap: at a broker's size most applications are open, and "more than
    // 10,000" says what an editor needs without reading every one of them.
    const countedUpTo = (where: SQL | undefined) =>
      countUpTo(db, db.select({ one: sql`1` }).from(applicationSteps).innerJoin(applications, eq(applications.id, applicationSteps.applicationId)).where(where).$dynamic(), OPEN_COUNT_CAP);
    const [answered, onLive] = await Promise.all([countedUpTo(openAnswer), countedUpTo(and(openAnswer, eq(applicationSteps.schemaVersion, live)))]);
    const dropped = await Promise.all(diff.payload.removed.map(async (key) => ({ key, holding: await openApplicationsHolding(db, stepId, [key]) })));
    const sample = await db
      .select({ id: applications.id, market: applications.market, opened: applications.opened, status: applications.status, relatedType: applications.relatedType })
      .from(applicationSteps)
      .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
      .where(openAnswer)
      .orderBy(desc(applicationSteps.updatedAt))
      .limit(IMPACT_SAMPLE);
    const payloadRows = sample.length
      ? await db.select({ applicationId: applicationSteps.applicationId, stepId: applicationSteps.stepId, payload: applicationSteps.payload }).from(applicationSteps).where(inArray(applicationSteps.applicationId, sample.map((a) => a.id)))
      : [];
    const payloadsBy = new Map<string, Record<string, Record<string, unknown>>>();
    for (const row of payloadRows) (payloadsBy.get(row.applicationId) ?? payloadsBy.set(row.applicationId, {}).get(row.applicationId)!)[row.stepId] = row.payload as Record<string, unknown>;
    const answers = sample.map((application) => {
      const payloads = payloadsBy.get(application.id) ?? {};
      return { context: contextFrom(payloads, application), payload: payloads[stepId] ?? {} };
    });
    const refused = await compiling(request, () => compiler.run('answersRefused', { document: next.document, liveDocument: current.document, answers }), () => null);
    const texts = Object.fromEntries(STUDIO_LANGUAGES.map((language) => [language, diff.translations.filter((change) => change.language === language).length]));
    return ok({
      stepId,
      version,
      liveVersion: live,
      openAnswered: answered,
      onLive,
      countCap: OPEN_COUNT_CAP,
      dropped,
      refused,
      fields: { added: diff.fields.filter((f) => f.change === 'added').map((f) => f.id), removed: diff.fields.filter((f) => f.change === 'removed').map((f) => f.id), changed: diff.fields.filter((f) => f.change === 'changed').map((f) => f.id) },
      texts,
    });
  });

  // Rollback: an editor asks to make an earlier published version (or the build-time 0) live again.
  // It becomes a version of that document in review; a second editor publishes it like any other.
  app.post(
    '/studio/steps/:stepId/rollback',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 0 } } } } },
    async (request) => {
      const { stepId } = request.params as { stepId: string };
      knownStep(stepId);
      const { version } = request.body as { version: number };
      const target = await versionDocument(stepId, version);
      if (version !== 0 && (target.row?.status !== 'published' || target.row.retiredAt)) throw new AppError(409, CODES.badState, 'server.studioNotPublished');
      const live = await liveVersion(db, stepId);
      if (live === version) throw new AppError(409, CODES.badState, 'server.studioAlreadyLive');
      const staffId = staffOf(request);
      const created = await newVersion({ stepId, status: 'review', basedOn: live, rollbackOf: version, document: target.document, translations: target.translations, textSources: sourcesOf(target.row), authorId: staffId, submittedAt: new Date() });
      await auditRequest(request, { action: 'studioRollbackAsked', detail: { stepId, version: created, rollbackOf: version, from: live } });
      return ok({ version: created, status: 'review', rollbackOf: version, liveVersion: live });
    },
  );

  // The server check of the preview: the document as it stands (saved or not), a context and the
  // answers typed; the payload the step would send and the errors the server would give.
  app.post(
    '/studio/steps/:stepId/check',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['document', 'data'], properties: { document: { type: 'object' }, translations: translationsSchema, context: { type: 'object' }, data: { type: 'object' } } } } },
    async (request) => {
      const { stepId } = request.params as { stepId: string };
      knownStep(stepId);
      await counted(request);
      const body = request.body as { document: StepSchema; translations?: StepTranslations; context?: StepContext; data: Record<string, unknown> };
      withinSize(body.document, body.translations);
      return ok(
        await compiling(request, () => compiler.run('check', { document: body.document, translations: body.translations ?? {}, context: body.context ?? {}, data: body.data }), (problem) => ({ problems: [problem], payload: null, errors: [] })),
      );
    },
  );

  // The preview as the editor types: the lint, the translation table and (when the lint is clean) the
  // validator module a publish of this very document would serve, so the preview validates as the app will.
  app.post(
    '/studio/steps/:stepId/preview',
    { ...editor, schema: { params: stepParams, body: { type: 'object', required: ['document'], properties: { document: { type: 'object' }, translations: translationsSchema } } } },
    async (request) => {
      const { stepId } = request.params as { stepId: string };
      knownStep(stepId);
      await counted(request);
      const body = request.body as { document: StepSchema; translations?: StepTranslations };
      withinSize(body.document, body.translations);
      const answer = await compiling(request, () => compiler.run('preview', { document: body.document, translations: body.translations ?? {} }), (problem) => ({ problems: [problem], table: [], module: null }));
      return ok({ problems: answer.problems, table: answer.table, validator: answer.module ? `/staff/studio/preview-validators/${keepPreviewModule(answer.module)}.js` : null });
    },
  );

  app.get(
    '/studio/preview-validators/:file',
    { ...editor, schema: { params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[0-9a-f]{32}\\.js$' } } } } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const module = previewModules.get(file.slice(0, -3));
      if (!module) throw new AppError(404, '404', 'server.studioPreviewGone');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', appCsp())
        .header('x-content-type-options', 'nosniff')
        .send(module);
    },
  );

  // Export: a version as the files git keeps (schemas/steps/<id>.json, the locale keys it brings).
  app.get('/studio/steps/:stepId/versions/:version/export', { ...editor, schema: { params: stepParams } }, async (request) => {
    const { stepId, version } = request.params as { stepId: string; version: number };
    knownStep(stepId);
    const { document, translations, row } = await versionDocument(stepId, version);
    if (version !== 0 && row?.status !== 'published') throw new AppError(409, CODES.badState, 'server.studioNotPublished');
    return ok({ stepId, version, files: { [`schemas/steps/${stepId}.json`]: stepFileText(document) }, translations });
  });

};
