// What the applications domain offers the others and the composition root; everything else in the folder is its own.
export { accountPlugin } from './account-routes.ts';
export { answersOf, type Application, ensureStatus, identityVerified, initApplication, needsPayment, ownedApplication, payloadsOf, requiredSteps, STATUS, SUPERSEDED, type Payloads } from './applications.ts';
export { applyPlugin, dealerPlugin } from './apply-routes.ts';
export { identityComparison, screeningSubjectOf, secondApprovalReasons } from './case-facts.ts';
export { supplementPlugin } from './supplement-routes.ts';
