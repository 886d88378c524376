// A person's name as tokens a comparison can use: in ASCII (any-ascii: Jawi, Chinese, accents), lower
// case, without the particles that say whose child someone is (the Malay "bin"/"binti", the Indian
// "a/l"/"a/p", "s/o"/"d/o", the Arabic "ibn"), and with the abbreviations Malaysian documents use
// written out ("Mohd" is "Muhammad"). Word order is not kept: lists and documents order names differently.
import anyAscii from 'any-ascii';

/** Words that relate a person to a parent, never part of the name compared. */
const PARTICLES = new Set(['bin', 'binti', 'bt', 'bte', 'binte', 'bint', 'ibn', 'b', 'al', 'el', 'ap', 'anak', 'ak', 'son', 'daughter', 'of']);
/** "a/l", "s/o" and the like, before the slash is read as a word break. */
const SLASHED_PARTICLES = /\b(a\s*\/\s*l|a\s*\/\s*p|s\s*\/\s*o|d\s*\/\s*o|w\s*\/\s*o)\b/g;
/** Abbreviations on Malaysian documents, and the spellings of one name that are the same name. */
const SAME_NAME: Record<string, string> = {
  mohd: 'muhammad',
  mhd: 'muhammad',
  muhd: 'muhammad',
  md: 'muhammad',
  mohamad: 'muhammad',
  mohammad: 'muhammad',
  mohammed: 'muhammad',
  mohamed: 'muhammad',
  muhamad: 'muhammad',
  muhammed: 'muhammad',
  abd: 'abdul',
  abdl: 'abdul',
  nor: 'noor',
  nur: 'noor',
};

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Each CJK character a syllable of its own: any-ascii runs a name's characters together. */
const toAscii = (name: string): string => [...name].map((char) => (CJK.test(char) ? ` ${anyAscii(char)} ` : anyAscii(char))).join('');

export function nameTokens(name: string): string[] {
  const ascii = toAscii(name).toLowerCase().replace(SLASHED_PARTICLES, ' ');
  return ascii
    .replace(/@/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '' && !PARTICLES.has(token))
    .map((token) => SAME_NAME[token] ?? token);
}
