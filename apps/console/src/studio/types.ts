// What the studio's API answers (apps/server/src/studio/studio-routes.ts).
import type { StepSchema, StepTranslations, StepVersionDiff, TextSources } from '@kh/engine';
import type { LintProblem } from '@kh/engine/lint';

export type VersionStatus = 'draft' | 'review' | 'scheduled' | 'experiment' | 'published' | 'discarded';

export interface StepSummary {
  stepId: string;
  liveVersion: number;
  liveSince: string | null;
  /** Null while the server is still making the lint (the first list after it starts). */
  problems: number | null;
  drafts: number;
  /** The signed-in editor's open threads on their drafts sent back with changes asked for. */
  changesRequested: number;
  lastChange: { version: number; status: VersionStatus; by: string; at: string } | null;
}

export interface StepHistory {
  stepId: string;
  liveVersion: number;
  versions: { version: number; status: VersionStatus; basedOn: number; rollbackOf: number | null; retiredAt: string | null; authorId: string; author: string; createdAt: string; updatedAt: string; submittedAt: string | null; publishedAt: string | null; reviewerId: string | null; publishAt: string | null; scheduleFailure: string | null }[];
  publications: { version: number; action: 'publish' | 'rollback'; by: string; migration: string | null; startedAt: string; endedAt: string | null }[];
}

export interface TranslationRow {
  key: string;
  texts: Record<string, string | null>;
}

export interface VersionDetail {
  stepId: string;
  version: number;
  status: VersionStatus;
  basedOn: number;
  /** Set on a version that rolls back to an earlier one: its document is that one's. */
  rollbackOf: number | null;
  authorId: string | null;
  document: StepSchema;
  translations: StepTranslations;
  table: TranslationRow[];
  /** Each translation's English source, by language and key: a translation whose key's English differs is outdated. */
  sources: TextSources;
  problems: LintProblem[];
  diff: StepVersionDiff;
}

export interface PreviewAnswer {
  problems: LintProblem[];
  table: TranslationRow[];
  validator: string | null;
}

export interface CheckAnswer {
  problems: LintProblem[];
  payload: Record<string, unknown> | null;
  errors: { field: string; key: string; params?: Record<string, unknown> }[];
}

/** The funnel (GET /staff/studio/funnel): per step and version, and per field. */
export interface StepFigures {
  stepId: string;
  version: number;
  reached: number;
  completed: number;
  left: number;
  medianSeconds: number | null;
}

export interface FieldFigures {
  stepId: string;
  version: number;
  field: string;
  filled: number;
  errors: Record<string, number>;
  leftHere: number;
}

export interface Funnel {
  steps: StepFigures[];
  fields: FieldFigures[];
}

/** One version's people in an experiment: reached the step, went on, held back at a field. */
export interface ArmFigures {
  version: number;
  reached: number;
  completed: number;
  erred: number;
}

/** tooFew: too few people to judge; chance: the difference could be chance; tried/live: that version did it more. */
export interface ArmComparison {
  verdict: 'tooFew' | 'chance' | 'tried' | 'live';
  p: number | null;
}

/** GET /staff/studio/steps/:stepId/experiment: the running one, or the last. */
export interface Experiment {
  id: number;
  stepId: string;
  version: number;
  control: number;
  share: number;
  startedBy: string;
  startedAt: string;
  endOutcome: 'adopt' | 'stop' | null;
  endAskedBy: string | null;
  endAskedById: string | null;
  endAskedAt: string | null;
  endedBy: string | null;
  endedAt: string | null;
  arms: { tried: ArmFigures; live: ArmFigures };
  completion: ArmComparison;
  errors: ArmComparison;
}
