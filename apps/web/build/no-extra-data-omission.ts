// Stands in for RJSF's omitExtraData and toPathSchema, which its Form runs only with the
// `omitExtraData` prop (StepForm never sets it: the engine's toPayload keeps only the step's answers)
// and in methods it has deprecated. Were one ever called, this says so instead of guessing.
const unused = (name: string) => (): never => {
  throw new Error(`RJSF's ${name} is not in the applicant app (StepForm never omits extra data)`);
};

export const getUsedFormData = unused('getUsedFormData');
export const getFieldNames = unused('getFieldNames');
export const isValueEmpty = unused('isValueEmpty');
export default unused('omitExtraData');
