// The ID-address parser of SPEC §3: an address as printed on a MyKad becomes lines 1-3 of at most
// 30 characters (words kept whole), a 5-digit postcode, and the town and state of that postcode.
import { lookupPostcode } from './postcodes.ts';

export const ADDRESS_LINE_LENGTH = 30;
export const ADDRESS_LINE_COUNT = 3;
export const ADDRESS_SEPARATOR = '_';

export interface ParsedAddress {
  lines: string[];
  postCode: string;
  town: string;
  stateCode: string;
  /** Words that did not fit in three lines; the applicant must shorten them by hand. */
  overflow: string;
}

/** Packs words into lines of at most `width` characters; a single longer word is cut. */
export function splitIntoLines(text: string, width = ADDRESS_LINE_LENGTH, count = ADDRESS_LINE_COUNT): { lines: string[]; overflow: string } {
  const words = text.split(/\s+/).filter(Boolean).flatMap((word) => chunk(word, width));
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < count) {
    let line = words[index++];
    while (index < words.length && line.length + 1 + words[index].length <= width) line += ` ${words[index++]}`;
    lines.push(line);
  }
  return { lines, overflow: words.slice(index).join(' ') };
}

const chunk = (word: string, width: number): string[] =>
  word.length <= width ? [word] : [word.slice(0, width), ...chunk(word.slice(width), width)];

export function parseIdAddress(address: string): ParsedAddress {
  const flat = address.replace(/[\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();
  const postcodeMatch = /(?:^|[\s,])(\d{5})(?=[\s,]|$)/.exec(flat);
  const postCode = postcodeMatch?.[1] ?? '';
  const place = postCode ? lookupPostcode(postCode) : undefined;
  // The street part is everything before the postcode; what follows it is town and state, which come from the data.
  const street = (postcodeMatch ? flat.slice(0, postcodeMatch.index) : flat).replace(/[\s,]+$/, '');
  const { lines, overflow } = splitIntoLines(street.replace(/\s*,\s*/g, ', ').replace(/,$/, ''));
  return { lines, postCode, town: place?.town ?? '', stateCode: place?.stateCode ?? '', overflow };
}

export const joinAddressLines = (lines: string[]): string =>
  lines.map((line) => line.replaceAll(ADDRESS_SEPARATOR, ' ').trim()).join(ADDRESS_SEPARATOR);

export const splitAddressLines = (stored: string): string[] => {
  const parts = stored.split(ADDRESS_SEPARATOR);
  return Array.from({ length: ADDRESS_LINE_COUNT }, (_, i) => parts[i] ?? '');
};
