// Input cleaners (SPEC §5): applied as the applicant types, before validation sees the value.
import type { CleanerName } from './step-schema.ts';

const CHINESE = /[\u2E80-\u2FDF\u3000-\u303F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/gu;

export const cleaners: Record<CleanerName, (input: string) => string> = {
  numericOnly: (input) => input.replace(/[^0-9]/g, ''),
  alphanumericOnly: (input) => input.replace(/[^A-Za-z0-9]/g, ''),
  stripChinese: (input) => input.replace(CHINESE, ''),
  // Printable ASCII only: what the broker's back office and statements can print.
  basicPrintable: (input) => input.replace(/[^\x20-\x7E]/g, ''),
};

export const clean = (name: CleanerName | undefined, input: string): string =>
  name ? cleaners[name](input) : input;

export const CHINESE_PATTERN = CHINESE;
