// The dictionaries' labels in one language, made by vite.config.ts (stepDocumentsForTheBrowser).
declare module 'kh:dictionary-labels/*' {
  const labels: Record<string, Record<string, string>>;
  export default labels;
}
