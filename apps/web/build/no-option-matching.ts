// Stands in for RJSF's getClosestMatchingOption, which picks a oneOf/anyOf option for some data.
// No render schema has a oneOf or anyOf (test/bundle.test.ts checks every step). Were one ever
// drawn, this says so instead of guessing.
const unsupported = (): never => {
  throw new Error('A render schema with oneOf/anyOf: the applicant app is built without an option matcher');
};

export const JUNK_OPTION = {};
export const calculateIndexScore = unsupported;
export default unsupported;
