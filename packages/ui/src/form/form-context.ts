// What the widgets may ask of the page around the form: visibility, labels in the current
// language, uploads, documents and actions. The step page provides it; stories provide a sandbox one.
import type { CompiledStep } from '@kh/engine';

export interface UploadResult {
  filepath: string;
  originalFilename: string;
}

/** A saved upload, as the applicant sent it. */
export interface StoredFile {
  originalFilename: string;
  mime: string;
}

/**
 * Kept stable while the applicant types (it reaches every field through RJSF's registry, so a new
 * object would re-render the whole form). Data and errors travel as RJSF props instead.
 */
export interface StepFormContext {
  compiled: CompiledStep;
  language: string;
  upload?(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadResult>;
  /** What a saved upload is, so a page opened again names it as the applicant did. */
  describeFile?(filepath: string): Promise<StoredFile>;
  /** Where the saved upload can be seen (images are shown as a preview). */
  previewUrl?(filepath: string): string;
  /** URL of a legal document (the Agreement dictionary's value). */
  documentUrl?(id: string): string;
  /** Opens a legal document in the app's PDF page; without it the link opens the PDF itself. */
  openDocument?(id: string): void;
  /** Buttons and custom steps: identity, payment, next, previous, exit, link. */
  onAction?(action: string, fieldId: string): void;
  /** State that custom widgets show (identity check, payment). */
  status?: Record<string, unknown>;
  /** A line the page adds under a field, already in the applicant's language (the dealer's name under the DR code). */
  fieldNotes?: Record<string, string>;
  /** Measurement hook: called when a field's subtree renders (renders per keystroke). */
  onFieldRender?(fieldId: string): void;
}

export const fieldIdOf = (rjsfId: string): string => rjsfId.replace(/^root_/, '');
