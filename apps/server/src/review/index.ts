// What the review domain offers the others and the composition root; everything else in the folder is its own.
export { staffCasesPlugin } from './cases-routes.ts';
export { staffDecisionsPlugin } from './decisions-routes.ts';
export { staffDocumentsPlugin } from './documents-routes.ts';
export { screeningDecisionsPlugin } from './screening-routes.ts';
export { riskRulesPlugin } from './risk-routes.ts';
