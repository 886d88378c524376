// What the steps domain offers the others and the composition root; everything else in the folder is its own.
export { dictionaryPlugin } from './dictionary-routes.ts';
export { SCHEMA_BASE, stepSchemasPlugin } from './step-schemas-routes.ts';
export { AS_GIVEN, answeredVersion, drawsVersion, liveVersion, publishedVersion, retiredVersions, triedVersionFor, versionForSave, type RunningExperiments } from './step-versions.ts';
export { bundledVersion, compileStep, type StepVersion, contextFrom, dictionaries, FORM_STEP_IDS, locksToIdentity, stepIdForCode, stepsLockedToIdentity, translateForVersion, validateData } from './steps.ts';
