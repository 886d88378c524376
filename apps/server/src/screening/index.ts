// What the screening domain offers the others and the composition root; everything else in the folder is its own.
export { decideHit, screenApplication, screeningHold, screeningsOf, type ScreeningSubject } from './screening.ts';
export { screeningListsPlugin } from './screening-routes.ts';
