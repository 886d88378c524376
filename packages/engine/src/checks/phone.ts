// Mobile numbers per area code (SPEC §5), checked against libphonenumber's mobile numbering plans.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

export type MobileProblem = 'leadingZero' | 'length' | 'invalid';

/** Checks a national mobile number typed after an area code such as "60" (Malaysia). */
export function checkMobile(areaCode: string, number: string, min: number, max: number): MobileProblem | undefined {
  if (number.startsWith('0')) return 'leadingZero';
  if (!/^[0-9]+$/.test(number) || number.length < min || number.length > max) return 'length';
  const parsed = parsePhoneNumberFromString(`+${areaCode.replace(/^\+/, '')}${number}`);
  return parsed?.isValid() ? undefined : 'invalid';
}
