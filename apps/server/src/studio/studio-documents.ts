// What the studio asks of a step document an editor wrote: its lint (the static lint, then the
// compile check a publish depends on), its translation table, the preview's validator module, the
// server check of answers, and what a publish stores. Pure work on the document alone: it runs in the
// studio's worker thread (studio-compiler.worker.ts), never on the server's event loop.
import { compile, STUDIO_LANGUAGES, validateStep, withTranslations, type StepContext, type StepSchema, type StepTranslations } from '@kh/engine';
import { lintSteps, translationKeysOfStep, translationOf, type LintProblem } from '@kh/engine/lint';
import { compileProblems } from '@kh/engine/compile-check';
import { loadDictionaries, loadLocales, loadMetaSchema } from '@kh/engine/node';
import { validatorCode, validatorFromCode, validatorModule } from '@kh/engine/validator-code';

const dictionaries = loadDictionaries();
const locales = loadLocales();
const metaSchema = loadMetaSchema('step');

const fileOf = (document: unknown) => `${(document as { id?: string })?.id ?? 'step'}.json`;

/** The lint of one version: its document with its own texts over the shipped ones; then, clean, whether it compiles to a working validator. */
export function lintVersion(document: unknown, translations: StepTranslations): LintProblem[] {
  const problems = lintSteps({ steps: [{ file: fileOf(document), document }], dictionaries, locales: withTranslations(locales, translations), metaSchema });
  return problems.length > 0 ? problems : compileProblems(fileOf(document), document as StepSchema, dictionaries);
}

/** A step's texts as the translation table shows them: every key it uses, shipped or from the version. */
export function translationTable(document: StepSchema, translations: StepTranslations) {
  const merged = withTranslations(locales, translations);
  // ms has no texts of its own: the app shows en, as it does for every shipped key.
  return translationKeysOfStep(document).map((key) => ({ key, texts: Object.fromEntries(STUDIO_LANGUAGES.map((language) => [language, translationOf(merged[language], key) ?? null])) }));
}

/** The table of whatever parses: a half-typed field still shows the keys it has. */
function tableOfWhatParses(document: StepSchema, translations: StepTranslations) {
  if (!Array.isArray((document as { fields?: unknown }).fields)) return [];
  try {
    return translationTable(document, translations);
  } catch {
    return [];
  }
}

export interface PreviewAnswer {
  problems: LintProblem[];
  table: ReturnType<typeof translationTable>;
  /** The validator module a publish of this very document would serve; none while it has problems. */
  module: string | null;
}

/** A text not given yet in a language: the preview still draws the document, the text marked missing there. */
const MISSING_TEXT = /^translation key ".+" is missing in /;

export function preview(document: StepSchema, translations: StepTranslations): PreviewAnswer {
  const problems = lintVersion(document, translations);
  const table = tableOfWhatParses(document, translations);
  if (problems.some((problem) => !MISSING_TEXT.test(problem.reason))) return { problems, table, module: null };
  // Only texts missing (a new field before its three languages are typed): drawn at once, never published so.
  try {
    return { problems, table, module: validatorModule(validatorCode(compile(document, { dictionaries }))) };
  } catch {
    return { problems, table, module: null };
  }
}

/** The server check of the preview: the payload the step would send and the errors the server would give. */
export function check(document: StepSchema, translations: StepTranslations, context: StepContext, data: Record<string, unknown>) {
  const problems = lintVersion(document, translations);
  if (problems.length > 0) return { problems, payload: null, errors: [] };
  const compiled = compile(document, { dictionaries, context });
  const validator = validatorFromCode(validatorCode(compiled));
  const payload = compiled.toPayload(data);
  return { problems: [], payload, errors: validateStep(compiled, compiled.fromPayload(payload), { validator }) };
}

/** What a publish stores: the JSON Schema and the validator code, made once. */
export function publication(document: StepSchema, translations: StepTranslations) {
  const problems = lintVersion(document, translations);
  if (problems.length > 0) return { problems, jsonSchema: null, validatorCode: null };
  const compiled = compile(document, { dictionaries });
  return { problems, jsonSchema: compiled.jsonSchema, validatorCode: validatorCode(compiled) };
}

/**
 * Which stored answers a version would newly refuse: each application's answer to the step validated
 * as a save would be, with that application's context (its market, nationality…), under the live
 * version and under this one. Only an answer the live version accepts and this one refuses is a new
 * refusal; one both refuse is counted apart (publishing changes nothing for it). Counted per field;
 * the values themselves never leave this function.
 */
export function answersRefused(
  document: StepSchema,
  answers: { context: StepContext; payload: Record<string, unknown> }[],
  liveDocument?: StepSchema,
): { checked: number; refused: number; alreadyRefused: number; byField: Record<string, number> } {
  const errorsUnder = errorsOf(document);
  const liveErrorsUnder = liveDocument ? errorsOf(liveDocument) : () => [];
  const byField: Record<string, number> = {};
  let refused = 0;
  let alreadyRefused = 0;
  for (const answer of answers) {
    const errors = errorsUnder(answer);
    if (errors.length === 0) continue;
    if (liveErrorsUnder(answer).length > 0) {
      alreadyRefused += 1;
      continue;
    }
    refused += 1;
    for (const field of new Set(errors.map((error) => error.field))) byField[field] = (byField[field] ?? 0) + 1;
  }
  return { checked: answers.length, refused, alreadyRefused, byField };
}

/** A save's check under one document, compiled once per context it meets. */
function errorsOf(document: StepSchema) {
  const validator = validatorFromCode(validatorCode(compile(document, { dictionaries })));
  const compiledByContext = new Map<string, ReturnType<typeof compile>>();
  return ({ context, payload }: { context: StepContext; payload: Record<string, unknown> }) => {
    const key = JSON.stringify(context);
    let compiled = compiledByContext.get(key);
    if (!compiled) compiledByContext.set(key, (compiled = compile(document, { dictionaries, context })));
    return validateStep(compiled, compiled.fromPayload(payload), { validator });
  };
}

export const STUDIO_WORK = {
  lint: (input: { document: unknown; translations: StepTranslations }) => lintVersion(input.document, input.translations),
  lintMany: (input: { versions: { document: unknown; translations: StepTranslations }[] }) => input.versions.map((v) => lintVersion(v.document, v.translations)),
  table: (input: { document: StepSchema; translations: StepTranslations }) => tableOfWhatParses(input.document, input.translations),
  preview: (input: { document: StepSchema; translations: StepTranslations }) => preview(input.document, input.translations),
  check: (input: { document: StepSchema; translations: StepTranslations; context: StepContext; data: Record<string, unknown> }) => check(input.document, input.translations, input.context, input.data),
  publication: (input: { document: StepSchema; translations: StepTranslations }) => publication(input.document, input.translations),
  answersRefused: (input: { document: StepSchema; liveDocument?: StepSchema; answers: { context: StepContext; payload: Record<string, unknown> }[] }) => answersRefused(input.document, input.answers, input.liveDocument),
  /** Nothing: the worker answers once it has loaded what the work needs. */
  warm: () => true,
  /** Tests only: holds the thread as a document that never finishes compiling would (for `ms`, or until the time `until`). */
  spin: (input: { ms?: number; until?: number }) => {
    const until = input.until ?? Date.now() + (input.ms ?? 0);
    while (Date.now() < until);
    return true;
  },
  /** Tests only: takes heap as a document that compiles into too much would. */
  hold: (input: { megabytes: number }) => {
    const kept: number[][] = [];
    for (let i = 0; i < input.megabytes; i++) kept.push(new Array(128 * 1024).fill(i));
    return kept.length;
  },
};
export type StudioWork = typeof STUDIO_WORK;
