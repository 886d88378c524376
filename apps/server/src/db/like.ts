// Text a LIKE pattern matches as it is written: its own wildcards (%, _) and the escape (\) escaped.
export const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for the text anywhere in the value. */
export const likeContaining = (text: string) => `%${likeText(text)}%`;
