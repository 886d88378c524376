// Rejection mode (SPEC §2, §3): after the rejection page, only the steps that hold rejected items,
// in flow order; the identity-document item brings the identity check and, when other items are
// rejected too, the document upload.
import type { FlowContext } from './context.ts';
import { isContainRejectIdKind } from './records.ts';
import { stepByCode, type StepName } from './steps.ts';

/** The order of the form steps (SPEC §2 "Flow order"). */
export const FORM_ORDER: readonly StepName[] = [
  'contact',
  'market',
  'identity',
  'documentUpload',
  'personal',
  'work',
  'financial',
  'investment',
  'tax',
  'declaration',
  'agreement',
  'signature',
];

/** Document upload is hidden when the rejection concerns only the identity document. */
export const rejectionOnlyIdDocument = (context: FlowContext): boolean =>
  isContainRejectIdKind(context.rejectedItems) && context.rejectedItems.every((item) => item.field === 'idDocument');

export function rejectionPath(context: FlowContext): StepName[] {
  const steps = new Set<StepName>();
  for (const item of context.rejectedItems) {
    const name = stepByCode(item.code)?.name;
    if (name && FORM_ORDER.includes(name)) steps.add(name);
  }
  if (isContainRejectIdKind(context.rejectedItems)) {
    steps.delete('identity');
    if (context.ctosValid) steps.add('identity');
    if (!rejectionOnlyIdDocument(context) || !context.ctosValid) steps.add('documentUpload');
  }
  return FORM_ORDER.filter((name) => steps.has(name));
}

/** The step after `current` in rejection mode, or 'result' when the resubmission is next. */
export function nextRejectedStep(context: FlowContext, current: StepName): StepName {
  const path = rejectionPath(context);
  const index = path.indexOf(current);
  if (index === -1) return path.find((name) => FORM_ORDER.indexOf(name) > FORM_ORDER.indexOf(current)) ?? 'result';
  return path[index + 1] ?? 'result';
}

export function previousRejectedStep(context: FlowContext, current: StepName): StepName {
  const path = rejectionPath(context);
  const index = path.indexOf(current);
  return index > 0 ? path[index - 1] : 'rejection';
}

/** Fields of a step the applicant may change in rejection mode (SPEC §3 "code-field" items). */
export function rejectedFieldsOf(context: FlowContext, code: number): string[] {
  const fields = context.rejectedItems.filter((item) => item.code === code).map((item) => item.field);
  // The document upload is where a rejected identity document (an identity-step item) is replaced.
  if (stepByCode(code)?.name === 'documentUpload' && isContainRejectIdKind(context.rejectedItems)) fields.push('idDocument');
  return [...new Set(fields)];
}
