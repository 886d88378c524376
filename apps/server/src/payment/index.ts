// What the payment domain offers the others and the composition root; everything else in the folder is its own.
export { ghlAnswersPlugin } from './ghl-answers-routes.ts';
export { ghlFrom, requireGhl, type GhlSettings } from './ghl-settings.ts';
export { paymentJobs } from './payment-jobs.ts';
export { paymentPlugin } from './payment-routes.ts';
export { ghlGatewayPlugin } from './sandbox-gateway.ts';
