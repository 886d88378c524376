// MyKad number (NRIC): YYMMDD-PB-###G. Birth date, place of birth, and gender from the last digit.
import { parseIsoDate } from '../checks/dates.ts';
import { stateByBirthPlaceCode } from './states.ts';

export interface NricFacts {
  /** YYYY-MM-DD */
  birthDate: string;
  /** Gender dictionary value: male 1, female 2. */
  gender: 1 | 2;
  /** The two-digit place-of-birth code (PB). */
  birthPlaceCode: string;
  /** State dictionary code when born in Malaysia; undefined for codes of other countries. */
  stateCode: string | undefined;
}

/** 01-59: Malaysian states; the rest stand for countries or regions of birth abroad, 82 for "state unknown". */
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const BIRTH_PLACE_CODES = new Set(
  [...range(1, 59), ...range(60, 68), 71, 72, ...range(74, 79), ...range(82, 93), 98, 99].map((n) => String(n).padStart(2, '0')),
);
const isKnownBirthPlace = (code: string): boolean => BIRTH_PLACE_CODES.has(code);

/** Accepts "900101-14-5678", "900101145678" or with spaces; `now` decides the century of YY. */
export function parseNric(input: string, now: Date): NricFacts | undefined {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(digits)) return undefined;
  const yy = Number(digits.slice(0, 2));
  const currentYY = now.getFullYear() % 100;
  const century = yy > currentYY ? 1900 : 2000;
  const birthDate = `${century + yy}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
  if (!parseIsoDate(birthDate)) return undefined;
  const birthPlaceCode = digits.slice(6, 8);
  if (!isKnownBirthPlace(birthPlaceCode)) return undefined;
  const lastDigit = Number(digits[11]);
  return {
    birthDate,
    gender: lastDigit % 2 === 1 ? 1 : 2,
    birthPlaceCode,
    stateCode: stateByBirthPlaceCode(birthPlaceCode)?.code,
  };
}

/** 900101145678 as 900101-14-5678. */
export const formatNric = (digits: string): string =>
  digits.length === 12 ? `${digits.slice(0, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}` : digits;
