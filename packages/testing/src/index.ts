export { CHROMIUM, CHROMIUM_ARGS, hasChromium, launchChromium } from './chromium.ts';
export { axeViolations, type AxeViolation } from './axe.ts';
export { freePort } from './free-port.ts';
export { staffLogin, totpCode, rememberTotpSecret } from './staff-login.ts';
export { chunkComposition, mergeCompositions, formatComposition, originOf, type ChunkShare } from './bundle-composition.ts';
