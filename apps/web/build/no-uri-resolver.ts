// Stands in for fast-uri, which @rjsf/utils imports to resolve `$ref` against `$id`. Compiled step
// schemas carry neither (a test in apps/web/test/bundle.test.ts keeps it so), so the resolver never
// runs; if a schema ever brings one, this says so instead of resolving it wrongly.
const unsupported = (): never => {
  throw new Error('Step schemas must not use $ref or $id: the applicant app is built without a URI resolver');
};

export default { equal: unsupported, resolve: unsupported };
