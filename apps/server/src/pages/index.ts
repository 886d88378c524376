// What the pages domain offers the others and the composition root; everything else in the folder is its own.
export { CONSOLE_DIST, isAppRoute, isConsoleRoute, registerConsoleApp, registerWebApp, WEB_DIST } from './web.ts';
