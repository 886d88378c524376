// Stands in for RJSF's shallowAllOfMerge (and with it @x0k/json-schema-merge), which retrieveSchema
// and omitExtraData call only for a schema with `allOf`. RJSF draws from a compiled step's render
// schema, which holds plain types only (test/bundle.test.ts checks every step): allOf lives in the
// validating schema, which RJSF never sees. Were one ever drawn, this says so instead of guessing.
export default function shallowAllOfMerge(): never {
  throw new Error('A render schema with allOf: the applicant app is built without an allOf merger');
}
