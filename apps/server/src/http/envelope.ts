// Every answer is {success, code, msg, data}; msg is translated by the language query parameter.
import { translate } from '@kh/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SUCCESS_CODE = '10010000';

/** Our failure codes beyond the HTTP statuses of SPEC §8. */
export const CODES = {
  unlogin: 'api.unlogin',
  fieldErrors: '40010001',
  badState: '40010002',
  tooMany: '40010003',
  codeIncorrect: '40010004',
  replay: '40010005',
  notEditable: '40010006',
  stepsIncomplete: '40010007',
  /** The identity check cannot start now (ctosValid off); the app shows its copy-the-link notice. */
  identityUnavailable: '40010008',
  /** A save drawn from a revision of the step that another device has replaced since. */
  stepChanged: '40010009',
  /** The bot check at login judged the request a bot's (or it carried no token where one is required). */
  botCheckFailed: '40010010',
  paymentRecordMissing: 'payment record missing',
  /** A staff member whose role lacks the route's permission (staff/staff-access.ts). */
  staffForbidden: 'staff.forbidden',
} as const;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const languageOf = (request: FastifyRequest): string => {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.language === 'string' ? query.language : 'en';
};

export const ok = <T>(data: T) => ({ success: true as const, code: SUCCESS_CODE, msg: 'ok', data });

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // What was refused and why, for the audit of a staff refusal (staff/staff-routes.ts).
  request.refusal = error.messageKey;
  return reply.code(error.status).send({ success: false, code: error.code, msg: translate(languageOf(request), error.messageKey, error.params), data: error.data });
}

export const badRequest = (messageKey = 'server.badRequest', params?: Record<string, string | number>, data?: unknown) => new AppError(400, '400', messageKey, params, data);
export const notFound = (messageKey = 'errors.http404') => new AppError(404, '404', messageKey);
export const unauthorized = () => new AppError(401, CODES.unlogin, 'errors.http401');
