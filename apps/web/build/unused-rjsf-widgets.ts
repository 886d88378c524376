// RJSF's widgets/index.js, replaced at build (vite.config.ts): see unused-rjsf-defaults.tsx.
export { widgets as default } from './unused-rjsf-defaults.tsx';
