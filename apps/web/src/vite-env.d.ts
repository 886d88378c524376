// The dictionaries' labels in one language, made by build/step-documents.ts (dictionaryLabels).
declare module 'kh:dictionary-labels/*' {
  const labels: Record<string, Record<string, string>>;
  export default labels;
}
