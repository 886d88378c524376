// RJSF's templates/index.js, replaced at build (vite.config.ts): see unused-rjsf-defaults.tsx.
export { templates as default } from './unused-rjsf-defaults.tsx';
