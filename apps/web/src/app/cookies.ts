// Reading one cookie out of a document.cookie string (the app's own cookies: the flow standing away, the supplement info).

/** The raw value of the cookie `name` in `cookies`, if it is there. */
export const cookieNamed = (cookies: string, name: string): string | undefined =>
  cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
