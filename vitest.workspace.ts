// The test projects. vitest 4 reads them from `test.projects` in vitest.config.ts, which imports this list.
export default ['packages/*', 'apps/*'];
