// The live preview: the step as applicants will see it, at 390x844 in en, zh-HK and zh-CN side by
// side, through the app's own renderer (StepForm) and the validator a publish of this document would
// serve. Each phone is a same-origin frame, so the page is drawn at a phone's width with the app's
// styles and ids of its own. Context switches show the step for another applicant; "Check on the
// server" sends the answers typed to the server's validation of the unsaved document.
import { ACCOUNT_TYPE, MALAYSIA, compile, STUDIO_LANGUAGES, type LabelledDictionaries, type StepContext, type StepSchema, type StepTranslations, type StructuralValidator } from '@kh/engine';
import { addStepTranslations, createI18n } from '@kh/i18n';
import { StepForm } from '@kh/ui';
import type { i18n } from 'i18next';
import { useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ALL_MARKETS, MARKET } from '@kh/flow';
import { failureMessage, post } from '../api.ts';
import { CONSOLE_LANGUAGES } from '../i18n.ts';
import { Alert } from '../parts.tsx';
import type { CheckAnswer } from './types.ts';

export interface PreviewContext {
  mode: 'new' | 'supplementary' | 'rejected';
  nationality: string;
  markets: number;
  accountType: number;
  /** With mode "rejected": the items the reviewer sent back (only these stay editable). */
  rejectedItems: string[];
}

export const DEFAULT_PREVIEW_CONTEXT: PreviewContext = { mode: 'new', nationality: MALAYSIA, markets: ALL_MARKETS, accountType: ACCOUNT_TYPE.cash, rejectedItems: [] };

/** Each language by its own name, as the console's language picker names it. */
const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(CONSOLE_LANGUAGES);

export const stepContextOf = (context: PreviewContext): StepContext => ({
  mode: context.mode,
  nationality: context.nationality,
  markets: context.markets,
  openedMarkets: context.mode === 'supplementary' ? MARKET.MAS : 0,
  accountType: context.accountType,
  islamic: context.accountType === ACCOUNT_TYPE.islamicCash,
});

/** What a missing text shows as in the phones, before its key. */
const MISSING_MARK = '⚠';

/**
 * One i18next instance per preview language, the version's texts laid over the shipped ones. The
 * revision counts changes of the texts: the phones are drawn afresh with it.
 */
function usePreviewLanguages(translations: StepTranslations): { instances: Record<string, i18n>; revision: number } | undefined {
  const [instances, setInstances] = useState<Record<string, i18n>>();
  const [revision, setRevision] = useState(0);
  // What each key said before the version's text was laid over it, so a text deleted goes back to it.
  const shipped = useRef(new Map<string, string>());
  useEffect(() => {
    void Promise.all(STUDIO_LANGUAGES.map((language) => createI18n(language))).then((made) => {
      // A text missing in a language shows marked with its key in that language's phone, not the English one.
      for (const instance of made) {
        instance.options.fallbackLng = false;
        // The key as the texts table names it, its namespace first ("field.contact.branch.label").
        instance.options.appendNamespaceToMissingKey = true;
        instance.options.parseMissingKeyHandler = (key: string) => `${MISSING_MARK} ${key}`;
      }
      setInstances(Object.fromEntries(STUDIO_LANGUAGES.map((language, i) => [language, made[i]!])));
    });
  }, []);
  useEffect(() => {
    if (!instances) return;
    for (const language of STUDIO_LANGUAGES) {
      const instance = instances[language]!;
      const texts = translations[language] ?? {};
      for (const key of Object.keys(texts)) {
        const id = `${language} ${key}`;
        if (!shipped.current.has(id)) shipped.current.set(id, instance.exists(key) ? instance.t(key) : '');
      }
      const restored = Object.fromEntries([...shipped.current].filter(([id]) => id.startsWith(`${language} `) && !(id.slice(language.length + 1) in texts)).map(([id, text]) => [id.slice(language.length + 1), text]));
      addStepTranslations(instance, { [language]: { ...restored, ...texts } });
    }
    setRevision((n) => n + 1);
  }, [instances, translations]);
  return instances && { instances, revision };
}

/** A phone-sized same-origin frame holding the app's styles; its content is rendered into it by a portal. */
function PhoneFrame({ title, language, children }: { title: string; language: string; children: ReactNode }): ReactElement {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement>();
  useEffect(() => {
    const inner = frame.current?.contentDocument;
    if (!inner) return;
    inner.documentElement.lang = language;
    inner.title = title;
    // Once per frame: a new title (the console's language changed) does not bring the sheets again.
    if (!inner.head.querySelector('link[rel="stylesheet"]')) for (const sheet of document.querySelectorAll('link[rel="stylesheet"]')) inner.head.append(inner.importNode(sheet, true));
    inner.body.className = 'studio-phone__body';
    setBody(inner.body);
  }, [language, title]);
  return (
    <>
      <iframe ref={frame} title={title} className="studio-phone" width={390} height={844} />
      {body && createPortal(children, body)}
    </>
  );
}

export interface StepPreviewProps {
  stepId: string;
  /** The last document the lint passed, and the validator made for it. */
  document: StepSchema;
  validator: StructuralValidator;
  translations: StepTranslations;
  dictionaries: LabelledDictionaries;
  context: PreviewContext;
  /** The document has problems (or does not parse): the preview shows the last clean one. */
  stale: boolean;
  /** Drawn with texts still missing: each is marked where it would show. */
  textsMissing?: boolean;
}

export function StepPreview({ stepId, document, validator, translations, dictionaries, context, stale, textsMissing = false }: StepPreviewProps): ReactElement {
  const { t } = useTranslation('console');
  const { t: tApp } = useTranslation();
  const languages = usePreviewLanguages(translations);
  const compiled = useMemo(() => compile(document, { dictionaries, context: stepContextOf(context), rejectedItems: context.mode === 'rejected' ? context.rejectedItems : undefined }), [document, dictionaries, context]);
  const [answers, setAnswers] = useState<{ language: string; data: Record<string, unknown> }>();
  // Beside the editor, one phone is drawn at full size and the others smaller beside it.
  const [focused, setFocused] = useState<string>(STUDIO_LANGUAGES[0]);
  const sides = STUDIO_LANGUAGES.filter((language) => language !== focused);
  const [check, setCheck] = useState<{ answer?: CheckAnswer; error?: string }>();
  // A new document or context starts the phones afresh: answers typed for another shape would mislead.
  const drawing = useMemo(() => JSON.stringify([document, context]), [document, context]);
  useEffect(() => {
    setAnswers(undefined);
    setCheck(undefined);
  }, [drawing]);

  const payload = answers ? compiled.toPayload(answers.data) : undefined;
  const runCheck = async () => {
    try {
      const answer = await post<CheckAnswer>(`studio/steps/${stepId}/check`, { document, translations, context: stepContextOf(context), data: answers?.data ?? {} });
      setCheck({ answer });
    } catch (caught) {
      setCheck({ error: failureMessage(caught, t) });
    }
  };

  return (
    <section className="studio-preview" aria-labelledby="studio-preview-title">
      <h2 id="studio-preview-title">{t('studio.preview.title')}</h2>
      {stale && <Alert kind="info">{t('studio.preview.stale')}</Alert>}
      {textsMissing && <Alert kind="info">{t('studio.preview.textsMissing', { mark: MISSING_MARK })}</Alert>}
      {/* Scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll. */}
      <div className="studio-preview__phones" role="region" aria-label={t('studio.preview.phones')} tabIndex={0}>
        {languages &&
          STUDIO_LANGUAGES.map((language) => (
            <div key={language} className={`studio-preview__phone studio-preview__phone--${language === focused ? 'focus' : `side-${sides.indexOf(language) + 1}`}`}>
              <h3>
                {LANGUAGE_NAMES[language]}{' '}
                {language !== focused && (
                  <button type="button" className="console-button console-button--link" onClick={() => setFocused(language)}>
                    {t('studio.preview.enlarge', { language: LANGUAGE_NAMES[language] })}
                  </button>
                )}
              </h3>
              <PhoneFrame title={t('studio.preview.frame', { language: LANGUAGE_NAMES[language] })} language={language}>
                <I18nextProvider i18n={languages.instances[language]!}>
                  <PreviewPage key={`${drawing} ${languages.revision}`} compiled={compiled} validator={validator} onChange={(data) => setAnswers({ language, data })} />
                </I18nextProvider>
              </PhoneFrame>
            </div>
          ))}
      </div>
      <div className="studio-preview__result">
        <h3>{t('studio.preview.payload')}</h3>
        <p className="studio-form__note">{answers ? t('studio.preview.payloadFrom', { language: LANGUAGE_NAMES[answers.language] }) : t('studio.preview.payloadNone')}</p>
        <pre className="studio-code" aria-label={t('studio.preview.payload')} tabIndex={0}>
          {JSON.stringify(payload ?? compiled.toPayload(compiled.initialData()), null, 2)}
        </pre>
        <button type="button" className="console-button" onClick={() => void runCheck()}>
          {t('studio.preview.check')}
        </button>
        {check?.error && <Alert kind="error">{check.error}</Alert>}
        {check?.answer && (
          <div role="status" className="studio-check">
            {check.answer.problems.length > 0 ? (
              <p>{t('studio.problems', { count: check.answer.problems.length })}</p>
            ) : check.answer.errors.length === 0 ? (
              <p className="studio-ok">{t('studio.preview.accepted')}</p>
            ) : (
              <>
                <p className="studio-bad">{t('studio.preview.refused', { count: check.answer.errors.length })}</p>
                <ul>
                  {check.answer.errors.map((e) => (
                    <li key={`${e.field} ${e.key}`}>
                      <code>{e.field}</code>: {tApp(e.key, e.params ?? {})}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** The step page inside one phone: its title, the form, and the app's Next (which shows every error). */
function PreviewPage({ compiled, validator, onChange }: { compiled: ReturnType<typeof compile>; validator: StructuralValidator; onChange(data: Record<string, unknown>): void }): ReactElement {
  const { t } = useTranslation();
  return (
    <main className="studio-phone__page">
      <h1 className="studio-phone__title">{t(compiled.step.titleKey)}</h1>
      <StepForm compiled={compiled} validator={validator} onChange={onChange} onSubmit={(_, data) => onChange(data)} context={PREVIEW_FORM_CONTEXT} />
    </main>
  );
}

/** Uploads and actions go nowhere in a preview: nothing is stored for an applicant who does not exist. */
const PREVIEW_FORM_CONTEXT = {
  async upload(): Promise<never> {
    throw new Error('preview');
  },
  onAction() {},
};
