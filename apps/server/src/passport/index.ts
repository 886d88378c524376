// What the passport domain offers the others and the composition root; everything else in the folder is its own.
export { botCheckFrom, requireBotCheck, type BotCheckSettings } from './bot-check-settings.ts';
export { type BotCheck, noBotCheck, recaptchaBotCheck, sandboxBotCheck } from './bot-check.ts';
export { passportPlugin } from './passport-routes.ts';
