// Mobile numbers per area code (SPEC §5), checked against libphonenumber's mobile numbering plans.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { Message } from '../validation-rules.ts';
import { hasEveryNumberingPlan, loadNumberingPlan, numberingPlanFor } from './numbering-plans.ts';

export { loadNumberingPlan, loadEveryNumberingPlan, onNumberingPlanArrived } from './numbering-plans.ts';

export type MobileProblem = 'leadingZero' | 'length' | 'invalid';

/** Checks a national mobile number typed after an area code such as "60" (Malaysia). */
export function checkMobile(areaCode: string, number: string, min: number, max: number): MobileProblem | undefined {
  if (number.startsWith('0')) return 'leadingZero';
  if (!/^[0-9]+$/.test(number) || number.length < min || number.length > max) return 'length';
  const code = areaCode.replace(/^\+/, '');
  const plan = numberingPlanFor(code);
  if (!plan) {
    if (hasEveryNumberingPlan()) return 'invalid';
    // Not here yet: the digits are checked, and the plan is asked for (a form checks again when it arrives).
    void loadNumberingPlan(code).catch(() => undefined);
    return undefined;
  }
  const parsed = parsePhoneNumberFromString(`+${code}${number}`, plan);
  return parsed?.isValid() ? undefined : 'invalid';
}

/** SPEC §5 mobile: the message for a number typed after an area code, or undefined when it is a mobile in use. */
export function mobileMessage(areaCode: string, number: string, min: number, max: number): Message | undefined {
  const problem = checkMobile(areaCode, number, min, max);
  if (!problem) return undefined;
  if (problem === 'leadingZero') return { key: 'validation.mobileLeadingZero' };
  // The right length, but not a range any operator was given: say so, not "7-12 digits".
  return problem === 'invalid' ? { key: 'validation.mobileUnallocated' } : { key: 'validation.mobile', params: { min, max } };
}
