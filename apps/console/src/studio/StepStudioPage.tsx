// One step in the studio: its versions, and the one opened, edited two ways (the field tree and the
// JSON) over one document, with the lint as it is typed, the live preview in three languages, the
// texts, the step's place in the flow, the changes from the version it started from, and the actions
// of its state: save and send a draft, publish one in review (a second editor), roll back.
import { STUDIO_LANGUAGES, confirmedSource, valueFieldsOf, diffStepVersions, fieldAt, outdatedTexts, stepFileText, textSourcesAfter, type StepSchema, type StepTranslations, type StructuralValidator, type StudioLanguage, type TextSources } from '@kh/engine';
import type { LintProblem } from '@kh/engine/lint';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { StaffApiError, failureMessage, get, post, put } from '../api.ts';
import { CONSOLE_LANGUAGES } from '../i18n.ts';
import { useLeaveGuard } from '../leave-guard.ts';
import { Alert, formatDate } from '../parts.tsx';
import { dictionaries } from '../schemas.ts';
import { useSession } from '../session.tsx';
import { emptyHistory, recorded, redone, undone, type EditHistory } from './edit-history.ts';
import { FieldTree } from './FieldTree.tsx';
import { FlowPosition } from './FlowPosition.tsx';
import { lastThirtyDays, useFunnel } from './funnel.ts';
import { JsonEditor } from './JsonEditor.tsx';
import { problemRanges } from './json-document.ts';
import { DEFAULT_PREVIEW_CONTEXT, StepPreview, type PreviewContext } from './StepPreview.tsx';
import { PreviewContextBar } from './PreviewContextBar.tsx';
import { ExperimentPanel } from './ExperimentPanel.tsx';
import { PublishChoices } from './PublishChoices.tsx';
import { PublishImpact, type Impact } from './PublishImpact.tsx';
import { fieldName } from './rule-sentence.ts';
import { ReviewComments } from './ReviewComments.tsx';
import { textOf } from './text-of.ts';
import { TranslationTable } from './TranslationTable.tsx';
import { VersionChanges } from './VersionChanges.tsx';
import type { PreviewAnswer, StepHistory, TranslationRow, VersionDetail } from './types.ts';

/** How long typing pauses before the lint and the preview's validator are asked for. */
const PREVIEW_DELAY_MS = 250;
/** How often the author's page, on a version in review, asks whether it came back to them. */
const REVIEW_POLL_MS = 10_000;
const TABS = ['fields', 'json', 'translations', 'changes', 'history'] as const;
type Tab = (typeof TABS)[number];

const parse = (text: string): StepSchema | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && Array.isArray((value as StepSchema).fields) ? (value as StepSchema) : undefined;
  } catch {
    return undefined;
  }
};

const dictionaryNames = Object.keys(dictionaries).sort();
const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(CONSOLE_LANGUAGES);

/** What one undo step puts back: the document's text and the version's texts, edited together. */
interface Edit {
  text: string;
  translations: StepTranslations;
}

/** The version's texts with each old key's text (its own, else the shipped one) under the new key. */
function carriedTexts(translations: StepTranslations, moves: [string, string][], rows: TranslationRow[]): StepTranslations {
  const next: StepTranslations = structuredClone(translations);
  for (const language of STUDIO_LANGUAGES) {
    for (const [from, to] of moves) {
      const row = rows.find((each) => each.key === from);
      const text = row ? textOf(row, translations, language) : translations[language]?.[from];
      const own = (next[language] ??= {});
      delete own[from];
      if (text) own[to] = text;
    }
  }
  return next;
}

/** Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl+Y redo. */
const undoKey = (event: KeyboardEvent): 'undo' | 'redo' | undefined => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' && !event.shiftKey ? 'redo' : undefined;
};

/** The served validator module of a clean document, loaded once per address. */
const validators = new Map<string, Promise<StructuralValidator>>();
function previewValidator(url: string): Promise<StructuralValidator> {
  if (!validators.has(url)) {
    const loading = Promise.all([import('@kh/engine/validator-runtime'), import(/* @vite-ignore */ url)]).then(([{ validatorOfModule }, module]) => validatorOfModule(module));
    loading.catch(() => validators.delete(url));
    validators.set(url, loading);
  }
  return validators.get(url)!;
}

export function StepStudioPage({ stepId }: { stepId: string }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const { t: tApp } = useTranslation();
  const { staff } = useSession();
  const [history, setHistory] = useState<StepHistory>();
  const [open, setOpen] = useState<number>();
  const [detail, setDetail] = useState<VersionDetail>();
  const [base, setBase] = useState<{ document: StepSchema; translations: StepTranslations }>();
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState<StepTranslations>({});
  // The document and texts as last saved (or opened): unsaved is anything else, so undoing back to them is saved again.
  const [saved, setSaved] = useState<Edit>({ text: '', translations: {} });
  const dirty = text !== saved.text || !sameTranslations(translations, saved.translations);
  const [tab, setTab] = useState<Tab>('fields');
  const [selected, setSelected] = useState<number[]>();
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [clean, setClean] = useState<{ document: StepSchema; translations: StepTranslations; validator: StructuralValidator }>();
  const [context, setContext] = useState<PreviewContext>(DEFAULT_PREVIEW_CONTEXT);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [migration, setMigration] = useState<{ needed: boolean; text: string }>({ needed: false, text: '' });
  const [busy, setBusy] = useState(false);
  const [impactAsked, setImpactAsked] = useState(false);
  // What publishing the opened version would do, once read: the publish asks with it.
  const [impact, setImpact] = useState<Impact>();
  // The open review threads of the opened version: marked in the tree, and, sent back, said in the header.
  const [threads, setThreads] = useState<{ byField: Record<string, number>; asked: number; askedBy: string[] }>({ byField: {}, asked: 0, askedBy: [] });
  // The texts as last saved and each translation's English source then: what is outdated is read against them.
  const [textBaseline, setTextBaseline] = useState<{ translations: StepTranslations; sources: TextSources }>({ translations: {}, sources: {} });
  // What applicants did at each field, the last 30 days: small figures in the tree.
  const { funnel } = useFunnel({ ...lastThirtyDays(), stepId });
  const [edits, setEdits] = useState<EditHistory<Edit>>(emptyHistory);
  // The value as last drawn, for edits handed up by callbacks made before the last render.
  const currentEdit = useRef<Edit>({ text, translations });
  currentEdit.current = { text, translations };

  const translate = useRef(t);
  translate.current = t;
  const loadHistory = useCallback(async () => {
    const answer = await get<StepHistory>(`studio/steps/${stepId}`);
    setHistory(answer);
    return answer;
  }, [stepId]);

  const openVersion = useCallback(
    async (version: number) => {
      const opened = await get<VersionDetail>(`studio/steps/${stepId}/versions/${version}`);
      // The changes are shown from the version this one started from (the build's own for 0).
      const from = version === 0 ? opened : await get<VersionDetail>(`studio/steps/${stepId}/versions/${opened.basedOn}`);
      setOpen(version);
      setDetail(opened);
      setBase({ document: from.document, translations: from.translations });
      setText(stepFileText(opened.document));
      setTranslations(opened.translations);
      setTextBaseline({ translations: opened.translations, sources: opened.sources });
      setSaved({ text: stepFileText(opened.document), translations: opened.translations });
      setEdits(emptyHistory());
      setSelected(undefined);
      setMigration({ needed: false, text: '' });
    },
    [stepId],
  );

  // First: the author's own newest draft if there is one, else a colleague's version waiting for this
  // editor's review, else the live version.
  useEffect(() => {
    loadHistory()
      .then((answer) =>
        openVersion(
          answer.versions.find((v) => v.status === 'draft' && v.authorId === staff?.id)?.version ??
            answer.versions.find((v) => v.status === 'review' && v.authorId !== staff?.id)?.version ??
            answer.liveVersion,
        ),
      )
      .catch((caught: unknown) => setMessage({ kind: 'error', text: failureMessage(caught, translate.current) }));
    // Not on a change of language: opening the version again would drop the editor's unsaved edits.
  }, [loadHistory, openVersion, staff?.id]);

  const document = useMemo(() => parse(text), [text]);
  /** A field's name as the editor reads it: its label in their language, else its id. */
  const nameOfField = (id: string) => (document ? fieldName(document, id, (key) => textIn(key)) : id);
  const knownDataKeys = useMemo(() => new Set(base ? valueFieldsOf(base.document).map((field) => field.dataKey) : []), [base]);
  const editable = detail?.status === 'draft' && detail.authorId === staff?.id;

  // The lint and the preview's validator, a moment after the typing stops; an older answer never overwrites a newer one.
  const asked = useRef(0);
  useEffect(() => {
    if (!document || !detail) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      post<PreviewAnswer>(`studio/steps/${stepId}/preview`, { document, translations })
        .then(async (answer) => {
          const validator = answer.validator ? await previewValidator(answer.validator) : undefined;
          if (ask !== asked.current) return;
          setPreview(answer);
          if (validator) setClean({ document, translations, validator });
        })
        .catch((caught: unknown) => ask === asked.current && setMessage({ kind: 'error', text: failureMessage(caught, t) }));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [document, translations, stepId, detail, t]);

  const problems: LintProblem[] = useMemo(() => (document ? (preview?.problems ?? []) : []), [document, preview]);
  const ranges = useMemo(() => problemRanges(text, document, problems).map((r) => ({ from: r.from, to: r.to, message: r.problem.reason })), [text, document, problems]);
  const problemsOf = useCallback((id: string) => problems.filter((p) => p.field === id).map((p) => p.reason), [problems]);
  const diff = useMemo(() => (document && base ? diffStepVersions(base, { document, translations }) : undefined), [document, base, translations]);

  /** One edit of the document and its texts, recorded for undo. */
  const change = (next: Partial<Edit>, source: string, typing: boolean) => {
    const before = currentEdit.current;
    setEdits((history) => recorded(history, before, source, typing, Date.now()));
    if (next.text !== undefined) setText(next.text);
    if (next.translations !== undefined) setTranslations(next.translations);
  };
  const edit = (next: string) => change({ text: next }, 'json', true);
  const editTexts = (next: StepTranslations, how?: { typing?: boolean }) => change({ translations: next }, 'texts', how?.typing ?? false);
  const rows = preview?.table ?? detail?.table ?? [];
  const language = (STUDIO_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as (typeof STUDIO_LANGUAGES)[number]) : 'en';
  const textIn = (key: string, inLanguage: StudioLanguage = language) => {
    // The preview's table answers for the document as last linted; a key an undo just brought back is in the opened version's.
    const row = rows.find((each) => each.key === key) ?? detail?.table.find((each) => each.key === key);
    return row ? textOf(row, translations, inLanguage) : (translations[inLanguage]?.[key] ?? '');
  };
  const treeChange = (next: StepSchema, how?: { typing?: boolean; textKeys?: [string, string][]; texts?: StepTranslations }) => {
    let nextTranslations = how?.textKeys?.length ? carriedTexts(translations, how.textKeys, rows) : undefined;
    // Texts that come with the edit (pasted choices): in the same undo step as the document.
    if (how?.texts) {
      const base = nextTranslations ?? translations;
      nextTranslations = Object.fromEntries(STUDIO_LANGUAGES.map((each) => [each, { ...(base[each] ?? {}), ...(how.texts![each] ?? {}) }]));
    }
    change({ text: stepFileText(next), ...(nextTranslations ? { translations: nextTranslations } : {}) }, 'tree', how?.typing ?? false);
  };
  const englishOf = (key: string) => textIn(key, 'en') || undefined;
  const outdated = useMemo(
    () =>
      outdatedTexts(
        rows.map((row) => ({ key: row.key, texts: Object.fromEntries(STUDIO_LANGUAGES.map((each) => [each, textOf(row, translations, each)])) })),
        textBaseline.sources,
        (each, key) => translations[each]?.[key] !== textBaseline.translations[each]?.[key],
      ),
    [rows, translations, textBaseline],
  );
  const setText1 = (key: string, value: string, inLanguage: StudioLanguage = language) =>
    change({ translations: { ...translations, [inLanguage]: { ...(translations[inLanguage] ?? {}), [key]: value } } }, `text ${inLanguage} ${key}`, true);

  const step = (direction: 'undo' | 'redo') => {
    const move = (direction === 'undo' ? undone : redone)(edits, currentEdit.current);
    if (!move) return;
    setEdits(move.history);
    setText(move.value.text);
    setTranslations(move.value.translations);
  };
  const stepRef = useRef(step);
  stepRef.current = step;
  // One history for the whole page: the keys are taken before the JSON editor's or a text box's own undo sees them.
  useEffect(() => {
    if (!editable) return;
    const keys = (event: KeyboardEvent) => {
      const direction = undoKey(event);
      if (!direction) return;
      event.preventDefault();
      event.stopPropagation();
      stepRef.current(direction);
    };
    window.addEventListener('keydown', keys, true);
    return () => window.removeEventListener('keydown', keys, true);
  }, [editable]);

  /** Runs an action, then shows the history and version as the server now has them. */
  const act = async (action: () => Promise<number | undefined>, done: string) => {
    setBusy(true);
    setMessage(undefined);
    try {
      const version = await action();
      await loadHistory();
      if (version !== undefined) await openVersion(version);
      setMessage({ kind: 'success', text: done });
    } catch (caught) {
      // A publish that drops keys open applications hold asks for the migration that answers for them
      // (known by the keys the server names, not by its message, which is in the editor's language).
      if (caught instanceof StaffApiError && Array.isArray((caught.data as { dropped?: unknown } | null)?.dropped)) setMigration((m) => ({ ...m, needed: true }));
      setMessage({ kind: 'error', text: failureMessage(caught, t) });
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!document || open === undefined) throw new StaffApiError(400, t('studio.jsonInvalid'));
    await put(`studio/steps/${stepId}/versions/${open}`, { document, translations });
    // As the server does: a text given anew is made from its key's English now.
    setTextBaseline((before) => ({ translations, sources: textSourcesAfter(before, translations, englishOf) }));
    setSaved({ text, translations });
    return open;
  };
  /** The author confirms a translation still right for its key's changed English (saving first, so the English is the one kept). */
  const confirmText = (language: StudioLanguage, key: string) =>
    act(async () => {
      if (dirty) await save();
      const { source } = await post<{ source: string }>(`studio/steps/${stepId}/versions/${open}/texts/confirm`, { language, key });
      setTextBaseline((before) => ({ ...before, sources: confirmedSource(before.sources, language, key, source) }));
      return undefined;
    }, t('studio.translations.confirmed', { language: LANGUAGE_NAMES[language] ?? language }));
  const newDraft = () =>
    act(async () => {
      const answer = await post<{ version: number }>(`studio/steps/${stepId}/drafts`, { document: document ?? detail!.document, translations, basedOn: history!.liveVersion });
      return answer.version;
    }, t('studio.done.drafted'));

  // Unsaved edits are not dropped without a word, whichever way the editor leaves.
  useLeaveGuard(dirty, t('studio.leaveQuestion'));
  /** Opens another version; with unsaved edits, only once the editor agrees to drop them. */
  const switchTo = (version: number) => {
    if (dirty && !window.confirm(t('studio.discard'))) return;
    void openVersion(version);
  };

  // The author waiting on a review sees it come back (changes asked, or published) without reloading.
  const waitingOnReview = detail?.status === 'review' && detail.authorId === staff?.id && open !== undefined;
  useEffect(() => {
    if (!waitingOnReview) return;
    const timer = setInterval(() => {
      void get<StepHistory>(`studio/steps/${stepId}`)
        .then(async (answer) => {
          const now = answer.versions.find((v) => v.version === open);
          if (!now || now.status === 'review') return;
          setHistory(answer);
          await openVersion(open!);
        })
        .catch(() => undefined);
    }, REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [waitingOnReview, stepId, open, openVersion]);

  if (!history || !detail || open === undefined) return <>{message ? <Alert kind={message.kind}>{message.text}</Alert> : <p>{t('case.loading')}</p>}</>;
  const mine = detail.authorId === staff?.id;
  // Nobody has answered a draft or a version in review: the tree shows the figures of the version it started from.
  const figuresVersion = detail.status === 'draft' || detail.status === 'review' ? detail.basedOn : open;
  const isLive = history.liveVersion === open;
  const opened = history.versions.find((v) => v.version === open);
  const versionName = open === 0 ? t('studio.builtIn') : t('studio.versionN', { version: open });

  return (
    <div className="studio-step">
      <p>
        <Link href="/studio">{t('studio.back')}</Link>
      </p>
      <h1>
        {tApp(`step.${stepId}.title`, { defaultValue: stepId })} <code>{stepId}</code>
      </h1>
      <p className="studio-step__state">
        {t('studio.opened', { version: versionName, status: t(`studio.status.${detail.status}`) })}
        {isLive && <strong> · {t('studio.isLive')}</strong>}
        {detail.rollbackOf !== null && <span> · {t('studio.rollsBackTo', { version: detail.rollbackOf === 0 ? t('studio.builtIn') : t('studio.versionN', { version: detail.rollbackOf }) })}</span>}
        {dirty && <span className="studio-bad"> · {t('studio.unsaved')}</span>}
      </p>
      {detail.status === 'draft' && mine && threads.asked > 0 && (
        <Alert kind="error">{t('studio.askedBy', { names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(threads.askedBy), count: threads.asked })}</Alert>
      )}

      <div className="studio-actions" role="group" aria-label={t('studio.actions')}>
        {editable && (
          <>
            <button type="button" className="console-button" disabled={edits.past.length === 0} onClick={() => step('undo')} aria-keyshortcuts="Control+Z">
              {t('studio.undo')}
            </button>
            <button type="button" className="console-button" disabled={edits.future.length === 0} onClick={() => step('redo')} aria-keyshortcuts="Control+Shift+Z Control+Y">
              {t('studio.redo')}
            </button>
            <button type="button" className="console-button" disabled={busy || !dirty} onClick={() => void act(save, t('studio.done.saved'))}>
              {t('studio.save')}
            </button>
            <button type="button" className="console-button console-button--main" disabled={busy || problems.length > 0 || !document} onClick={() => void act(async () => (await save(), await post(`studio/steps/${stepId}/versions/${open}/submit`), open), t('studio.done.submitted'))}>
              {t('studio.submit')}
            </button>
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(t('studio.discardDraftQuestion', { version: versionName }))) return;
                setSaved(currentEdit.current);
                void act(async () => (await post(`studio/steps/${stepId}/versions/${open}/discard`), open), t('studio.done.discarded'));
              }}
            >
              {t('studio.discardDraft')}
            </button>
          </>
        )}
        {detail.status === 'review' && !mine && (
          <PublishChoices
            busy={busy}
            versionName={versionName}
            impact={impact}
            migration={migration.text}
            onPublish={(body, done) => void act(async () => (await post(`studio/steps/${stepId}/versions/${open}/publish`, body), open), done)}
            onExperiment={(body, done) => void act(async () => (await post(`studio/steps/${stepId}/versions/${open}/experiment`, body), open), done)}
          />
        )}
        {detail.status === 'scheduled' && (
          <>
            <p className="studio-form__note">{t('studio.schedule.note', { at: opened?.publishAt ? formatDate(opened.publishAt, i18n.language) : '' })}</p>
            <button type="button" className="console-button" disabled={busy} onClick={() => void act(async () => (await post(`studio/steps/${stepId}/versions/${open}/unschedule`), open), t('studio.schedule.calledOff'))}>
              {t('studio.schedule.callOff')}
            </button>
          </>
        )}
        {detail.status === 'review' && mine && <p className="studio-form__note">{t('studio.waitingForReview')}</p>}
        {/* A rollback is asked here and published by a second editor, like any version. */}
        {detail.status === 'published' && !isLive && !opened?.retiredAt && (
          <button type="button" className="console-button" disabled={busy} onClick={() => void act(async () => (await post<{ version: number }>(`studio/steps/${stepId}/rollback`, { version: open })).version, t('studio.done.rollbackAsked', { version: versionName }))}>
            {t('studio.rollback', { version: versionName })}
          </button>
        )}
        {editable && !impactAsked && (
          <button type="button" className="console-button" onClick={() => setImpactAsked(true)}>
            {t('studio.impact.ask')}
          </button>
        )}
        {!editable && (
          <button type="button" className="console-button" disabled={busy} onClick={() => void newDraft()}>
            {t('studio.newDraft')}
          </button>
        )}
      </div>
      {detail.status === 'review' && opened?.scheduleFailure && <Alert kind="error">{t('studio.schedule.failed', { reason: opened.scheduleFailure })}</Alert>}
      <ExperimentPanel
        stepId={stepId}
        staffId={staff?.id}
        revision={history.versions.map((v) => `${v.version}:${v.status}`).join(',')}
        openVersion={open}
        onEnded={async (version) => {
          await loadHistory();
          await openVersion(version);
        }}
      />
      {/* In review the impact is stated for both editors; on a draft, when its author asks (it reads the version as saved). */}
      {(detail.status === 'review' || (editable && impactAsked)) && open !== history.liveVersion && (
        <PublishImpact stepId={stepId} version={open} revision={opened?.updatedAt ?? ''} onLoaded={setImpact} />
      )}
      <ReviewComments
        key={`${open}-${detail.status}`}
        stepId={stepId}
        version={open}
        status={detail.status}
        mine={mine}
        field={selected && document ? fieldAt(document, selected)?.id : undefined}
        onSentBack={async () => {
          await loadHistory();
          await openVersion(open);
          setMessage({ kind: 'success', text: t('studio.done.changesRequested') });
        }}
        staffId={staff?.id}
        onThreads={setThreads}
      />
      {migration.needed && (
        <label className="console-field">
          <span>{t('studio.migration')}</span>
          <textarea value={migration.text} onChange={(event) => setMigration({ needed: true, text: event.target.value })} rows={3} />
        </label>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}

      <p role="status" className={!document || problems.length ? 'studio-bad' : 'studio-ok'} aria-live="polite">
        {!document ? t('studio.jsonInvalid') : !preview ? t('studio.linting') : problems.length ? t('studio.problems', { count: problems.length }) : t('studio.lintClean')}
      </p>

      <div className="studio-step__layout">
      <div className="studio-step__work">
        <div className="studio-step__editor">
          <div role="tablist" aria-label={t('studio.views')} className="studio-tabs">
            {TABS.map((name) => (
              <button key={name} type="button" role="tab" id={`studio-tab-${name}`} aria-selected={tab === name} aria-controls="studio-tabpanel" className="studio-tabs__tab" onClick={() => setTab(name)}>
                {t(`studio.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="studio-tabpanel" aria-labelledby={`studio-tab-${tab}`} className="studio-tabpanel">
            {tab === 'fields' &&
              (document ? (
                <FieldTree
                  document={document}
                  editable={editable}
                  selected={selected}
                  onSelect={setSelected}
                  onChange={treeChange}
                  textOf={textIn}
                  onText={setText1}
                  languageName={LANGUAGE_NAMES[language] ?? language}
                  figuresOf={(id) => funnel?.fields.find((figures) => figures.field === id && figures.version === figuresVersion)}
                  problemsOf={problemsOf}
                  dictionaryNames={dictionaryNames}
                  dictionaries={dictionaries}
                  knownDataKeys={knownDataKeys}
                  openThreadsOf={(id) => threads.byField[id] ?? 0}
                />
              ) : (
                <Alert kind="error">{t('studio.jsonInvalid')}</Alert>
              ))}
            {tab === 'json' && <JsonEditor key={`${open}-${editable}`} label={t('studio.tabs.json')} value={text} readOnly={!editable} problems={ranges} extraValues={{ dictionary: dictionaryNames }} onChange={edit} />}
            {tab === 'translations' && <TranslationTable stepId={stepId} version={open} rows={rows} translations={translations} editable={editable} onChange={editTexts} outdated={outdated} onConfirm={(each, key) => void confirmText(each, key)} busy={busy} document={document} fieldName={nameOfField} />}
            {tab === 'changes' && diff && (
              <VersionChanges
                diff={diff}
                basedOn={detail.basedOn}
                before={base?.document}
                after={document}
                words={{ language: i18n.language, t: (key, options) => String(t(key, options as never)), textOf: (key) => textIn(key), dictionaries }}
              />
            )}
            {tab === 'history' && <VersionList history={history} open={open} onOpen={switchTo} language={i18n.language} />}
          </div>
          {problems.length > 0 && (
            <section aria-labelledby="studio-problems-title" className="studio-problems">
              <h2 id="studio-problems-title">{t('studio.lint')}</h2>
              <ul>
                {problems.map((p, i) => (
                  <li key={i}>
                    {p.field ? <code>{p.field}</code> : null} {p.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="studio-step__side">
          <PreviewContextBar context={context} onChange={setContext} document={document ?? detail.document} />
          <FlowPosition context={context} stepCode={(document ?? detail.document).stepCode} />
        </aside>
      </div>
      <div className="studio-step__preview">
      {!clean && preview && problems.length > 0 && <Alert kind="info">{t('studio.preview.none')}</Alert>}
      {clean && <StepPreview stepId={stepId} document={clean.document} validator={clean.validator} translations={clean.translations} dictionaries={dictionaries} context={context} stale={!document || (problems.length > 0 && !preview?.validator)} textsMissing={problems.length > 0 && !!preview?.validator} />}
      </div>
      </div>
    </div>
  );
}

function VersionList({ history, open, onOpen, language }: { history: StepHistory; open: number; onOpen(version: number): void; language: string }): ReactElement {
  const { t } = useTranslation('console');
  const entries = [...history.versions.map((v) => ({ ...v, builtIn: false })), { version: 0, status: 'published' as const, author: t('studio.build'), updatedAt: null, builtIn: true }];
  return (
    <div className="studio-versions">
      <ul>
        {entries.map((v) => (
          <li key={v.version}>
            <button type="button" className="console-button console-button--link" aria-pressed={v.version === open} onClick={() => onOpen(v.version)}>
              {v.version === 0 ? t('studio.builtIn') : t('studio.versionN', { version: v.version })}
            </button>{' '}
            {t(`studio.status.${v.status}`)}
            {'rollbackOf' in v && v.rollbackOf !== null && ` · ${t('studio.rollsBackTo', { version: v.rollbackOf === 0 ? t('studio.builtIn') : t('studio.versionN', { version: v.rollbackOf }) })}`}
            {'retiredAt' in v && v.retiredAt && ` · ${t('studio.retired')}`}
            {history.liveVersion === v.version && <strong> · {t('studio.isLive')}</strong>} · {v.author}
            {v.updatedAt ? ` · ${formatDate(v.updatedAt, language)}` : ''}
          </li>
        ))}
      </ul>
      <h2>{t('studio.publications')}</h2>
      <ol>
        {history.publications.map((p, i) => (
          <li key={i}>
            {t(`studio.action.${p.action}`, { version: p.version === 0 ? t('studio.builtIn') : t('studio.versionN', { version: p.version }), name: p.by, at: formatDate(p.startedAt, language) })}
            {p.migration ? ` · ${t('studio.migrationStated', { migration: p.migration })}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The same texts in every language: a text emptied and one never given are not the same. */
function sameTranslations(a: StepTranslations, b: StepTranslations): boolean {
  const languages = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const language of languages) {
    const one = a[language as StudioLanguage] ?? {};
    const other = b[language as StudioLanguage] ?? {};
    for (const key of new Set([...Object.keys(one), ...Object.keys(other)])) if (one[key] !== other[key]) return false;
  }
  return true;
}
