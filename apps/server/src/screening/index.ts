// What the screening domain offers the others and the composition root; everything else in the folder is its own.
export { decisionsOnPerson, personOf, screenApplication, screeningDeciders, screeningHold, screeningsOf, type ScreeningSubject, type StoredHit } from './screening.ts';
export { confirmationsInForce, decideHits, liftConfirmations, type HitRef } from './decisions.ts';
export { screeningListsPlugin } from './screening-routes.ts';
export { Screener } from './screener.ts';
export { screeningJobs } from './screening-jobs.ts';
