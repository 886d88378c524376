// The case as GET /staff/applications/:id answers it.
import type { IdentityComparison, StepSchema, VerifiedIdentity } from '@kh/engine';

export interface CaseDocument {
  ref: string;
  kind: 'upload' | 'idFront' | 'idBack' | 'face' | 'applicationPdf';
  name: string;
  mime: string;
  relativePath?: string;
  /** The question an upload answers (its field's label), or replaced when no answer names it any more. */
  question?: { step: string; field: string; labelKey: string };
  replaced?: boolean;
}
export interface PayloadChange {
  step: string;
  path: string;
  before: unknown;
  after: unknown;
  /** identityCheck: a new identity check since the submission before (its document and outcome), not an answer. */
  kind?: 'identityCheck';
}
export interface CaseView {
  application: {
    id: string;
    memberId: string;
    relatedType: 'INIT' | 'SUPPLEMENT';
    status: number;
    market: number;
    opened: number;
    accountType: number | null;
    islamic: boolean;
    pep: boolean;
    margin: boolean;
    identityMismatch: boolean;
    applicantName: string | null;
    rejectedReason: string | null;
    rejectionNote: string | null;
    rejectionKind: 'resubmit' | 'moreInformation' | 'final' | null;
    masClientCodeActive: boolean;
    assignedTo: string | null;
    firstApprovedBy: string | null;
    firstApprovedMarkets: number | null;
    submittedAt: string | null;
    dueAt: string | null;
    submissionCount: number;
  };
  member: { id: string; mobile: string; countryCode: string; hsNo: string | null };
  existingMarkets: number | null;
  requiredSteps: string[];
  steps: Record<string, Record<string, unknown>>;
  /** Steps answered under a published studio version: read through that version, not the bundled one. */
  stepVersions?: Record<string, { version: number; document: StepSchema; translations: Partial<Record<string, Record<string, string>>> }>;
  verifiedIdentity: VerifiedIdentity | null;
  identityComparison: IdentityComparison[];
  addressComparison: { read: string; typed: string; matches: boolean } | null;
  identityMismatch: boolean;
  secondApprovalReasons: string[];
  /** The risk at the latest submit, in the rules' words; null before risk was scored. */
  risk: { score: number; band: string; bandLabel: Record<string, string> | null; factors: { id: string; points: number; label: Record<string, string> | null }[] } | null;
  assigneeName: string | null;
  firstApproverName: string | null;
  documents: CaseDocument[];
  identityChecks: { id: string; state: string; failureReason: string | null; faceScore: number | null; documentName: string; documentNumber: string; createdAt: string; provider: string; viaHandoff: boolean; madeAfterReview: boolean }[];
  payments: { orderNumber: string; paymentId: string; payStatus: number; amountSen: number; cardLast4: string | null; createdAt: string; settledAt: string | null }[];
  history: { number: number; submittedAt: string; answersRejection: string | null; changes: PayloadChange[] }[];
  pendingChanges: PayloadChange[];
  notes: { id: number; body: string; staffName: string | null; createdAt: string }[];
  /** Each screening (at a submit, or again when a list changed), newest first. */
  screenings: Screening[];
  /** Every decision ever made on this person, on any of their applications. */
  screeningDecisions: ScreeningDecision[];
  /** The runs that screened everyone against a list version since this case was first screened. */
  screeningRuns: ScreeningRun[];
  /** What holds the case: a hit to decide, or a confirmed match of the person. */
  screeningHold: 'hit' | 'confirmed' | null;
  /** The reader decided a hit of this case: someone else approves it. */
  screeningDecidedByViewer: boolean;
  audit: { id: number; action: string; staffName: string | null; createdAt: string; statusBefore: number | null; statusAfter: number | null; detail: Record<string, unknown> }[];
}

export interface ScreeningHit {
  ref: string;
  category: 'sanctions' | 'pep';
  listedName: string;
  score: number;
  why: string[];
  list: { id: string; name: string; version: number };
  /** A decision made earlier on this person and entry, carried here. */
  carried?: { outcome: 'cleared' | 'confirmed'; reason: string; decidedAt: string; deciderName: string | null; applicationId: string };
}
export interface Screening {
  id: string;
  screenedAt: string;
  /** submit, or rescreen (a list version imported later screened everyone again). */
  kind: 'submit' | 'rescreen';
  subject: { name: string; birthDate?: string; nationality?: string };
  lists: { id: string; name: string; version: number }[];
  hits: ScreeningHit[];
  state: 'unscreened' | 'clear' | 'hit' | 'cleared' | 'confirmed';
  /** The decisions made on this screening's hits. */
  decisions: { listName: string; ref: string; outcome: 'cleared' | 'confirmed'; reason: string; decidedAt: string; deciderName: string | null; overriddenAt: string | null }[];
  deciderName: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}
export interface ScreeningDecision {
  id: string;
  applicationId: string;
  thisCase: boolean;
  listName: string;
  ref: string;
  category: 'sanctions' | 'pep';
  outcome: 'cleared' | 'confirmed';
  reason: string;
  decidedAt: string;
  deciderName: string | null;
  overriddenAt: string | null;
}
export interface ScreeningRun {
  id: string;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  listName: string;
  version: number;
  newHit: boolean;
}
