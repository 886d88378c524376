// The generic step page: schema + machine state + compiled form. Data is fetched and saved through
// the API client; a save shows the loading toast; the next step comes from the machine.
import { ApiError, STEP_CHANGED, STEP_REVISION_PROPERTY, type Endpoints } from '@kh/api';
import { analyticsOfField, compile, lookupFieldOf, prefillOf, untickedQuestions, validateStep, widgetsOfStep, type FieldError, type FormData, type UntickedQuestion } from '@kh/engine';
import { codeOf, likelyNext, progressSegment, rejectedFieldsOf, savingToastKey, stepByName, type StepName } from '@kh/flow';
import { ConfirmDialog, PageLayout, StepForm, loadWidgets, type StepFormContext } from '@kh/ui';
import { use, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addStepTranslations } from '@kh/i18n';
import { useApplication } from '../app/application.tsx';
import { clearDraft, flushDraft, loadDraft, saveDraftSoon } from '../app/drafts.ts';
import { readSupplementCookie, removeSupplementCookie } from '../app/supplement-cookie.ts';
import { endpoints, toasts } from '../app/services.ts';
import { loadStepAssets, type StepAssets } from '../app/step-assets.ts';
import { askStepData, forgetStepData, prepareAhead, takeStepData } from '../app/step-data.ts';
import { ExitButton } from './ExitButton.tsx';
import { useDealerNote } from '../hooks/useDealerNote.ts';
import { track, trackFieldErrors, trackFormView, trackInput, trackNext } from '../app/analytics.ts';

export const uploadFile = (upload: Endpoints['file']['upload']) => async (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => {
  try {
    const result = await upload({ file, filename: file.name, onProgress, signal });
    track('upload', { is_success: true, type: file.type });
    return { filepath: result.filepath, originalFilename: result.originalFilename };
  } catch (error) {
    // Which failure, as its message key: never the message, which may name the file.
    track('upload', { is_success: false, failure_reason: error instanceof ApiError ? error.entry.messageKey : 'validation.uploadFailed' });
    throw error;
  }
};

export interface FormStepPageProps {
  step: StepName;
  formContext?: Partial<StepFormContext>;
  onSaved?(): void;
  submitLabel?: string;
  /** Fields the submit itself completes (the identity check it starts). */
  pendingFields?: string[];
  /** Replaces the save: what the submit does instead (starting the identity check). Field errors it throws show as the save's do. */
  submitAction?(payload: Record<string, unknown>): Promise<void>;
  /** Shown above the form (a notice that the step cannot be done here). */
  notice?: ReactNode;
  /** false: the step cannot be done here (an app too old for the identity check); no submit is offered. */
  submittable?: boolean;
}

/** Suspends until the step's schema, validator and dictionaries have loaded (the first visit only). */
export function FormStepPage(props: FormStepPageProps): ReactElement {
  // The saved answers are asked for now, alongside the step's code, not after it has loaded; once
  // a visit (a render after the page took them would ask for them all over again).
  const app = useApplication();
  useMemo(() => askStepData(app, props.step), [app, app.applyId, props.step]);
  const assets = loadStepAssets.loaded(props.step, app) ?? use(loadStepAssets(props.step, app));
  // The few widgets that load on demand (the upload, the signature pad) start now; each waits in its own place until it arrives.
  void loadWidgets(widgetsOfStep(assets.schema)).catch(() => undefined);
  return <StepFormPage {...props} assets={assets} />;
}

function StepFormPage({ step, formContext, onSaved, submitLabel, pendingFields, submitAction, notice, submittable = true, assets }: FormStepPageProps & { assets: StepAssets }): ReactElement {
  const { t, i18n } = useTranslation();
  const { schema, validator, dictionaries } = assets;
  // A published version's texts are there before its labels are first read (in every language it brings).
  useMemo(() => addStepTranslations(i18n, assets.translations), [i18n, assets.translations]);
  const app = useApplication();
  const info = stepByName(step);
  const snapshot = app.actor.getSnapshot();
  const rejectedItems = snapshot.context.mode === 'rejected' ? rejectedFieldsOf(snapshot.context, info.code) : [];
  const compiled = useMemo(
    () => compile(schema, { dictionaries, context: app.stepContext(), rejectedItems, verifiedIdentity: app.verifiedIdentity }),
    [schema, app, rejectedItems.join(','), app.verifiedIdentity],
  ); // the context is read when the page opens
  const [initial, setInitial] = useState<FormData | undefined>();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const saving = useRef(false);
  // One input event per field and visit: leaving a field again is not a new answer.
  const inputsReported = useRef(new Set<string>());
  // The questions for boxes left unticked (schema: confirmUnticked), asked one after another.
  const [questions, setQuestions] = useState<{ data: FormData; queue: UntickedQuestion[] }>();
  // Answering a question can reveal a field still to answer (ticking MY asks for its account type):
  // the form opens again with the answers, every error shown.
  const [reopened, setReopened] = useState(0);
  // A box the applicant chose to leave unticked is not asked about again on this visit.
  const declined = useRef(new Set<string>());
  // A field that looks up the dealer (schema: lookup) names the representative of the code typed.
  const dealerField = lookupFieldOf(schema, 'dealer')?.id;
  const [typedDrCode, setTypedDrCode] = useState<unknown>();
  // The step's revision the answers on screen came from: a save names it, so that a page left open
  // while another device saved the step cannot overwrite the newer answers.
  const revision = useRef<number | undefined>(undefined);
  const [replacedElsewhere, setReplacedElsewhere] = useState(false);
  const fieldNotes = useDealerNote(dealerField, typedDrCode);

  useEffect(() => {
    // The pages that read it (the market and tax pages) restore the supplement info and its source, then remove the cookie.
    if (!stepByName(step).page.readsSupplementChoice) return;
    const info = readSupplementCookie(document.cookie);
    if (!info) return;
    app.appSource = info.source;
    if (app.actor.getSnapshot().context.addingMarkets === 0) app.actor.send({ type: 'CHOOSE_MARKETS', markets: info.marketType });
    document.cookie = removeSupplementCookie();
  }, [step]);

  useEffect(() => {
    let live = true;
    const applyId = app.applyId;
    // A step that cannot load its data shows the not-found page with the code (SPEC §8).
    const fetched = applyId
      ? takeStepData(app, step).catch((error: unknown) => {
          if (live) window.location.assign(`/error?code=${encodeURIComponent(error instanceof ApiError ? error.code : 'unknown')}`);
          return new Promise<Record<string, unknown>>(() => undefined);
        })
      : Promise.resolve({});
    void fetched.then((payload) => {
      if (!live) return;
      // A draft typed here before (a reload, a dropped network) wins over what the server has.
      const draft = applyId ? loadDraft(applyId, step) : undefined;
      // Fields that start from the login (schema: prefillFrom), such as the contact step's phone.
      const fromLogin = prefillOf(schema, { 'login.areaCode': app.user.countryCode, 'login.mobile': app.user.mobile });
      revision.current = revisionOf(payload);
      const opened: FormData = { ...fromLogin, ...compiled.fromPayload(payload as Record<string, unknown>), ...(draft ?? {}) };
      setInitial(opened);
      if (dealerField) setTypedDrCode(opened[dealerField]);
    });
    return () => {
      live = false;
    };
  }, [step]);

  // Leaving the step unsaved (Back, a jump in the history) keeps what was typed last.
  useEffect(() => flushDraft, [step]);

  const shown = initial !== undefined;
  useEffect(() => {
    if (!shown) return;
    trackFormView(step, assets.version);
    // While the applicant fills this page in, the next one's code and saved answers load.
    prepareAhead(app, likelyNext(app.actor.getSnapshot()));
  }, [shown]);

  async function save(payload: Record<string, unknown>) {
    if (saving.current || !app.applyId) return;
    saving.current = true;
    const loading = toasts.show({ kind: 'loading', messageKey: savingToastKey(step) });
    try {
      if (submitAction) {
        await submitAction(payload);
        setServerErrors([]);
        return;
      }
      const saved = await endpoints.apply.fillData({
        fillStep: codeOf(step),
        relatedType: app.relatedType,
        applyId: app.applyId,
        data: payload,
        schemaVersion: assets.version,
        ...(app.invitationCode ? { invitationCode: app.invitationCode } : {}),
        ...(revision.current !== undefined ? { basedOnRevision: revision.current } : {}),
      });
      revision.current = saved.revision;
      setReplacedElsewhere(false);
      clearDraft(app.applyId, step);
      forgetStepData(app, step);
      trackNext(step, assets.version);
      app.remember(step, payload);
      // The machine learns what the step said about the applicant (account type, nationality, markets).
      const facts = app.stepContext();
      app.actor.send({
        type: 'ANSWERED',
        accountType: (facts.accountType as number | undefined) ?? null,
        nationality: (facts.nationality as string | undefined) ?? null,
        // A supplement's markets are the ones it adds (CHOOSE_MARKETS), not the application's.
        ...(app.relatedType === 'INIT' ? { markets: facts.markets as number } : {}),
      });
      setServerErrors([]);
      if (onSaved) onSaved();
      else app.actor.send({ type: 'NEXT' });
    } catch (error) {
      trackNext(step, assets.version, error instanceof ApiError ? error.code : 'unknown');
      if (error instanceof ApiError && error.code === STEP_CHANGED) return void (await showNewerAnswers());
      if (error instanceof ApiError && Array.isArray((error.data as { fields?: unknown })?.fields)) {
        setServerErrors((error.data as { fields: FieldError[] }).fields);
        trackFieldErrors(step, assets.version, (error.data as { fields: FieldError[] }).fields, 'server');
      }
    } finally {
      if (loading !== undefined) toasts.dismiss(loading);
      saving.current = false;
    }
  }

  /** Another device saved this step since the page opened: its answers replace these (and the draft), with a word why. */
  async function showNewerAnswers() {
    if (!app.applyId) return;
    const newer = await endpoints.apply.fetchData({ fillStep: codeOf(step), relatedType: app.relatedType, applyId: app.applyId }).catch(() => undefined);
    if (!newer) return;
    clearDraft(app.applyId, step);
    revision.current = revisionOf(newer);
    setInitial(compiled.fromPayload(newer));
    setReopened((n) => n + 1);
    setReplacedElsewhere(true);
  }

  function submit(payload: Record<string, unknown>, data: FormData) {
    const queue = untickedQuestions(compiled, data).filter((q) => !declined.current.has(q.field));
    if (queue.length > 0) return setQuestions({ data, queue });
    void save(payload);
  }

  function answer(tick: boolean) {
    if (!questions) return;
    const [current, ...rest] = questions.queue;
    if (!tick) declined.current.add(current.field);
    const data = tick ? { ...questions.data, [current.field]: true } : questions.data;
    if (rest.length > 0) return setQuestions({ data, queue: rest });
    setQuestions(undefined);
    if (validateStep(compiled, data, { validator }).length > 0) {
      setInitial(data);
      setReopened((n) => n + 1);
      return;
    }
    void save(compiled.toPayload(data));
  }

  const context = useMemo(
    () => ({
      upload: uploadFile(endpoints.file.upload),
      describeFile: (path: string) => endpoints.file.info(path),
      previewUrl: (path: string) => endpoints.file.previewUrl(path),
      documentUrl: (id: string) => endpoints.help.documentUrl(id),
      onAction: (action: string, id: string) => action === 'document' && track('document_download', { document: id }),
      openDocument: (id: string) => {
        sessionStorage.setItem('kh.pdf', id);
        app.actor.send({ type: 'OPEN_PDF' });
      },
      fieldNotes,
      ...formContext,
    }),
    [formContext, fieldNotes?.drCode],
  );
  return (
    <PageLayout layout={info.layout} title={t(info.titleKey)} percent={info.percent} segment={progressSegment(info.name)} onBack={() => app.actor.send({ type: 'PREVIOUS' })} onExit={() => document.dispatchEvent(new Event('kh:exit'))}>
      {notice}
      {replacedElsewhere && (
        <p className="notice" role="alert">
          {t('errors.stepChanged')}
        </p>
      )}
      {initial && (
        <StepForm
          key={`${step}-${reopened}`}
          showAllErrors={reopened > 0}
          compiled={compiled}
          pendingFields={pendingFields}
          validator={validator}
          initialData={initial}
          serverErrors={serverErrors}
          context={context}
          submitLabel={submitLabel}
          onChange={(data) => {
            if (dealerField) setTypedDrCode(data[dealerField]);
            if (app.applyId) saveDraftSoon(app.applyId, step, data);
          }}
          onFieldBlur={(field, value) => {
            if (value === undefined || value === '' || inputsReported.current.has(field)) return;
            inputsReported.current.add(field);
            trackInput(step, assets.version, field, analyticsOfField(schema, field));
          }}
          onSubmit={submit}
          onInvalidSubmit={(errors) => trackFieldErrors(step, assets.version, errors, 'page')}
        >
          {submittable ? undefined : <></>}
        </StepForm>
      )}
      <ConfirmDialog
        open={!!questions}
        message={questions ? t(questions.queue[0].messageKey, { market: t(questions.queue[0].nameKey), name: t(questions.queue[0].nameKey) }) : ''}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
        confirmLabel={questions ? t('common.openMarketToo', { market: t(questions.queue[0].nameKey) }) : undefined}
        cancelLabel={t('common.notNow')}
      />
      <ExitButton />
    </PageLayout>
  );
}

const revisionOf = (answers: Record<string, unknown>): number | undefined => {
  const revision = answers[STEP_REVISION_PROPERTY];
  return typeof revision === 'number' ? revision : undefined;
};
