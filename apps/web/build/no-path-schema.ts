// RJSF's toPathSchema, replaced at build (vite.config.ts): see no-extra-data-omission.ts.
export default function toPathSchema(): never {
  throw new Error("RJSF's toPathSchema is not in the applicant app (StepForm never omits extra data)");
}
