// Row ids: 96 random bits, URL-safe, never guessable from another.
import { randomBytes } from 'node:crypto';

export const newId = (): string => randomBytes(12).toString('base64url');
