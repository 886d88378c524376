// Every request's input is looked at once, before any route sees it: a NUL character (PostgreSQL
// refuses it in text), JSON nested deeper than any form needs, or more values than any step holds is
// refused with a 400 here, so no route can turn it into a 500.
import type { FastifyRequest } from 'fastify';
import { badRequest } from './envelope.ts';

/** Deeper than any payload of this API (the deepest, a step's address list, is 3). */
export const MAX_INPUT_DEPTH = 16;
/** More strings, numbers and keys than any payload of this API holds. */
export const MAX_INPUT_NODES = 5_000;

export type InputProblem = 'nul' | 'tooDeep' | 'tooLarge' | 'notFinite';

/** Walks without recursion, so a hostile nesting cannot overflow the stack. */
export function inspectInput(value: unknown, maxNodes = MAX_INPUT_NODES): InputProblem | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (++nodes > maxNodes) return 'tooLarge';
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
      continue;
    }
    // 1e309 in JSON, or coerced from a query string, is Infinity: no field of this API takes it.
    if (typeof current === 'number' && !Number.isFinite(current)) return 'notFinite';
    if (typeof current !== 'object' || current === null) continue;
    // A file taken as the body as it is (a screening list) is bytes, not values: never walked.
    if (ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
    if (Array.isArray(current)) for (const item of current) stack.push([item, depth + 1]);
    else
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return 'nul';
        stack.push([item, depth + 1]);
      }
  }
  return undefined;
}

/** The route's parameters, query and body: as parsed (preValidation) and as coerced by the route's schema (preHandler). */
export async function guardInput(request: FastifyRequest): Promise<void> {
  // A route may take more values (its own size limit bounds them); none takes deeper nesting.
  const nodes = request.routeOptions.config?.inputNodes ?? MAX_INPUT_NODES;
  for (const part of [request.params, request.query, request.body]) {
    const problem = inspectInput(part, nodes);
    if (problem) throw badRequest(`server.input.${problem}`, { depth: MAX_INPUT_DEPTH, nodes });
  }
}

/** Errors of the multipart parser (busboy) for a missing boundary, a truncated part and the like. */
export const isMalformedMultipart = (error: { message?: string; code?: string }): boolean =>
  /^(Multipart: |Unexpected end of (form|multipart data)|Part terminated early|Malformed part header|Unsupported content.type|Boundary required|Header name must be)/i.test(error.message ?? '') ||
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION'].includes(error.code ?? '');
