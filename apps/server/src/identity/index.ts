// What the identity domain offers the others and the composition root; everything else in the folder is its own.
export { ekycPlugin } from './ekyc-routes.ts';
export { identityJobs } from './identity-jobs.ts';
export { ekycProviderPlugin } from './sandbox-provider.ts';
export { requireZoloz, zolozFrom, type ZolozSettings } from './zoloz-settings.ts';
