// Where the login page sends the applicant once logged in.

/**
 * Where to go once logged in: the target the login trigger named, else the page the applicant asked
 * for (a deep link such as /market/again?entryCode=2&_scnl=… shows this page in its place). Only a
 * path on this origin: "//other.site" or "/\\other.site" would leave it.
 */
export function loginTarget(location: { pathname: string; search: string }): string {
  const asked = new URLSearchParams(location.search).get('target') ?? (location.pathname === '/login' ? '/status/entry' : location.pathname + location.search);
  return /^\/(?![/\\])/.test(asked) ? asked : '/status/entry';
}
