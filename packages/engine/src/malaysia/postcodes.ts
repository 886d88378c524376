// Town and state from a 5-digit Malaysian postcode, from the malaysia-postcodes data set.
import { findPostcode } from 'malaysia-postcodes';
import { stateByPostcodeName } from './states.ts';

export interface PostcodePlace {
  postcode: string;
  town: string;
  /** State dictionary code. */
  stateCode: string | undefined;
  stateName: string;
}

export function lookupPostcode(postcode: string): PostcodePlace | undefined {
  if (!/^\d{5}$/.test(postcode)) return undefined;
  const found = findPostcode(postcode, true);
  if (!found.found || !found.city || !found.state) return undefined;
  return {
    postcode,
    town: found.city,
    stateCode: stateByPostcodeName(found.state)?.code,
    stateName: found.state,
  };
}
