// The applicant app's Content-Security-Policy: the pages, the step schemas and validators, the studio's preview.
/** The app's Content-Security-Policy; frames only on its own origin and the broker's pages that embed it (and the bot check's, when it has any). */
export const appCsp = (embedOrigins: readonly string[] = [], styleHashes: readonly string[] = [], botCheckOrigins: readonly string[] = [], scriptHashes: readonly string[] = []) => {
  const self = ["'self'", ...botCheckOrigins].join(' ');
  return `default-src 'self'; script-src ${[self, ...scriptHashes].join(' ')}; style-src ${["'self'", ...styleHashes].join(' ')}; img-src 'self' data: blob:; font-src 'self'; connect-src ${self}; frame-src ${self}; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors ${["'self'", ...embedOrigins].join(' ')}`;
};
