// What the studio domain offers the others and the composition root; everything else in the folder is its own.
export { StudioCompiler } from './studio-compiler.ts';
export { lintLiveVersions, staffStudioPlugin } from './studio-routes.ts';
export { publishScheduled } from './publishing.ts';
