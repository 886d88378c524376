// The answers a page was given (page-answers.ts), as the API client takes them: each once, by the
// very request it answers.
import type { WireRequest } from './client.ts';

/** A request's key, on whatever origin, whatever the order its query and body were written in. */
export function givenAnswerKey(request: WireRequest): string {
  const { pathname: path, searchParams: params } = new URL(request.url, 'http://page');
  params.sort();
  let body = request.body ?? '';
  if (request.contentType === 'application/json') body = JSON.stringify(sortedKeys(JSON.parse(body)));
  else if (request.contentType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(body);
    form.sort();
    body = form.toString();
  }
  return `${request.method} ${path}?${params} ${body}`;
}

const sortedKeys = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]))
    : value;

export interface GivenAnswers {
  /** The answer given for this request, taken (a second ask goes to the server). */
  take(key: string): { data: unknown } | undefined;
  clear(): void;
}

export function givenAnswers(answers: Record<string, unknown>): GivenAnswers {
  const left = new Map(Object.entries(answers));
  return {
    take(key) {
      if (!left.has(key)) return undefined;
      const data = left.get(key);
      left.delete(key);
      return { data };
    },
    clear: () => left.clear(),
  };
}
