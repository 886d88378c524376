// passport: login by mobile number and SMS code, sessions, the signed send-auth-code call.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SALT_VERSION, SIGNATURE_VERSION, canonicalString, hmacSha256, sameSignature } from '@kh/api';
import { BUILT_IN_CATEGORIES, checkMobile } from '@kh/engine';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/database.ts';
import { applicationSteps, loginNonces, members, smsCodes } from '../db/schema.ts';
import { initApplication } from '../applications/index.ts';
import { serialised } from '../db/serialised.ts';
import { SmsDeliveryError } from '../messages/index.ts';
import { LOGIN_ACTION } from './bot-check.ts';
import { AppError, CODES, badRequest, languageOf, ok } from '../http/envelope.ts';
import { cookieScope, keepSession, logOut, memberOf, requireMember, sessionOf, sessionTiming, startSession } from '../http/session.ts';

const DEVICE_COOKIE = 'kh_device';
/** How long a send-auth-code nonce may wait for its request: the form is filled in between. */
const NONCE_TTL_SECONDS = 600;

const phoneSchema = {
  type: 'object',
  required: ['mobile', 'countryCode'],
  properties: { mobile: { type: 'string', pattern: '^[0-9]{6,15}$' }, countryCode: { type: 'string', pattern: '^[0-9]{1,4}$' } },
} as const;
const withCode = { ...phoneSchema, required: [...phoneSchema.required, 'code'], properties: { ...phoneSchema.properties, code: { type: 'string', pattern: '^[0-9]{6}$' } } } as const;

type Phone = { mobile: string; countryCode: string };
const codeHash = (phone: Phone, code: string) => createHash('sha256').update(`${phone.countryCode}:${phone.mobile}:${code}`).digest('hex');

export const passportPlugin: FastifyPluginAsync = async (app) => {
  const { db, config, sms } = app.kh;

  /** SPEC §3's user info. The bank account is shown masked (its last four digits): the page needs only to recognise it. */
  async function userInfo(memberId: string) {
    const [[member], application] = await Promise.all([db.select().from(members).where(eq(members.id, memberId)), initApplication(db, memberId)]);
    // The financial step's row alone: this answers every login and every app start.
    const [financial] = application
      ? await db.select({ payload: applicationSteps.payload }).from(applicationSteps).where(and(eq(applicationSteps.applicationId, application.id), eq(applicationSteps.stepId, 'financial')))
      : [];
    const bankAccount = (financial?.payload as { bankAccount?: unknown } | undefined)?.bankAccount;
    return {
      mid: member.id,
      hsNo: member.hsNo ?? undefined,
      name: member.name ?? undefined,
      logined: true,
      haveMobile: true,
      mobile: member.mobile,
      countryCode: member.countryCode,
      bankAccount: typeof bankAccount === 'string' && bankAccount.length > 0 ? maskAccount(bankAccount) : undefined,
      source: member.appSource ?? undefined,
      appSource: application?.appSource ?? member.appSource ?? undefined,
      opened: application?.opened ?? 0,
    };
  }

  async function memberFor(phone: Phone): Promise<string> {
    const [existing] = await db.select({ id: members.id }).from(members).where(and(eq(members.countryCode, phone.countryCode), eq(members.mobile, phone.mobile)));
    if (existing) return existing.id;
    const id = newId();
    await db.insert(members).values({ id, ...phone }).onConflictDoNothing();
    const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.countryCode, phone.countryCode), eq(members.mobile, phone.mobile)));
    return row.id;
  }

  /**
   * Consumes the latest live code for the phone. The attempt is counted and checked against the limit
   * in one conditional update, so N guesses at once are N attempts, and only the first 5 are compared.
   */
  async function useCode(phone: Phone, code: string): Promise<void> {
    const [latest] = await db
      .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
      .from(smsCodes)
      .where(and(eq(smsCodes.countryCode, phone.countryCode), eq(smsCodes.mobile, phone.mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!latest) throw new AppError(400, CODES.codeIncorrect, 'server.codeExpired');
    const [attempt] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, latest.id), lt(smsCodes.attempts, config.sms.maxAttempts), isNull(smsCodes.usedAt)))
      .returning({ attempts: smsCodes.attempts });
    if (!attempt) {
      // Refused either for the attempts or because a request alongside used the code just now: say which.
      const [row] = await db.select({ usedAt: smsCodes.usedAt }).from(smsCodes).where(eq(smsCodes.id, latest.id));
      if (row?.usedAt) throw new AppError(400, CODES.codeIncorrect, 'server.codeExpired');
      throw new AppError(429, CODES.tooMany, 'server.tooManyAttempts');
    }
    if (!sameSignature(latest.codeHash, codeHash(phone, code))) {
      const left = config.sms.maxAttempts - attempt.attempts;
      throw new AppError(400, CODES.codeIncorrect, left > 0 ? 'validation.verificationCode' : 'server.tooManyAttempts');
    }
    // Good once: of two right answers at once, one logs in.
    const [used] = await db.update(smsCodes).set({ usedAt: new Date() }).where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt))).returning({ id: smsCodes.id });
    if (!used) throw new AppError(400, CODES.codeIncorrect, 'server.codeExpired');
  }

  /**
   * The send-auth-code signature without a secret in the browser: the server hands out a nonce bound
   * to the browser's device cookie, with a key only good for that nonce (an HMAC of it under the
   * server's own key). The request is signed with that key; the nonce is then used, once.
   */
  const nonceKey = (nonce: string, device: string) => createHmac('sha256', config.signingSecret).update(`login-nonce:${nonce}:${device}`).digest('hex');

  async function verifySignature(body: Record<string, string>, device: string | undefined) {
    if (Number(body.version) !== SIGNATURE_VERSION || Number(body.saltVersion) !== SALT_VERSION) throw badRequest('server.signatureInvalid');
    const timestamp = Number(body.timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > config.sms.maxClockSkewSeconds * 1000) throw badRequest('server.staleRequest');
    if (!device || !body.nonce || !body.signature) throw badRequest('server.signatureInvalid');
    const expected = await hmacSha256(nonceKey(body.nonce, device), canonicalString({ ...body }));
    if (!sameSignature(expected, body.signature)) throw badRequest('server.signatureInvalid');
    // Used once, by the browser it was given to, before it expires: a replay is refused even in the window.
    const [used] = await db
      .update(loginNonces)
      .set({ usedAt: new Date() })
      .where(and(eq(loginNonces.nonce, body.nonce), eq(loginNonces.device, device), isNull(loginNonces.usedAt), gt(loginNonces.expiresAt, new Date())))
      .returning({ nonce: loginNonces.nonce });
    if (!used) throw new AppError(400, CODES.replay, 'server.replay');
  }

  /**
   * Whether one more code may go now, counted in the same step as its writing (a global lock: every
   * count here is exact, and the sends of a whole site are few): per phone (and not twice within a
   * minute); codes not used per device and per client address (200 applicants behind one carrier's
   * NAT each use theirs; a pumping run uses none, whatever cookies it drops); and the hourly budgets
   * per destination country and in all, which stop a run spread over many addresses.
   */
  async function enforceSendLimits(db: Database, phone: Phone, origin: { ip: string; device: string }) {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const count = async (where: SQL) => (await db.select({ n: sql<number>`count(*)::int` }).from(smsCodes).where(and(where, gt(smsCodes.createdAt, hourAgo))))[0]!.n;
    const [last] = await db
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.countryCode, phone.countryCode), eq(smsCodes.mobile, phone.mobile)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last && Date.now() - last.createdAt.getTime() < config.sms.resendAfterSeconds * 1000)
      throw new AppError(429, CODES.tooMany, 'server.resendTooSoon', { seconds: config.sms.resendAfterSeconds });
    if ((await count(and(eq(smsCodes.countryCode, phone.countryCode), eq(smsCodes.mobile, phone.mobile))!)) >= config.sms.perPhonePerHour) throw new AppError(429, CODES.tooMany, 'server.tooManyCodes');
    const waitOf = async (where: SQL) => {
      const [oldest] = await db.select({ at: smsCodes.createdAt }).from(smsCodes).where(and(where, gt(smsCodes.createdAt, hourAgo))).orderBy(asc(smsCodes.createdAt)).limit(1);
      return Math.max(1, Math.ceil(((oldest?.at.getTime() ?? Date.now()) + 3_600_000 - Date.now()) / 60_000));
    };
    const unused = (where: SQL) => and(where, isNull(smsCodes.usedAt))!;
    for (const [where, max] of [
      [unused(eq(smsCodes.device, origin.device)), config.sms.perDevicePerHour],
      [unused(eq(smsCodes.ip, origin.ip)), config.sms.perIpPerHour],
    ] as const)
      if ((await count(where)) >= max) throw new AppError(429, CODES.tooMany, 'server.tooManyUnusedCodes', { minutes: await waitOf(where) });
    for (const [where, max, budget] of [
      [eq(smsCodes.countryCode, phone.countryCode), config.sms.perCountryPerHour, `country ${phone.countryCode}`],
      [sql`true`, config.sms.globalPerHour, 'all'],
    ] as const)
      if ((await count(where)) >= max) {
        // An operator's matter (a pumping run, or a budget set too low): said in the log, never with the number.
        app.log.warn({ budget, max }, 'the hourly budget of login codes is spent: codes are refused until it frees');
        throw new AppError(429, CODES.tooMany, 'server.smsBudgetSpent', { minutes: await waitOf(where) });
      }
  }

  const form = (request: FastifyRequest) => request.body as Record<string, string>;

  /** The countries codes go to, in the reader's language ("+60 Malaysia"). */
  const servedCountries = (language: string) =>
    config.sms.countries.map((code) => callingCodes.find((entry) => String(entry.value) === code)?.label[language as 'en'] ?? `+${code}`).join(', ');
  const callingCodes = BUILT_IN_CATEGORIES.CallingCode();

  const knownDevice = (request: FastifyRequest) => {
    const known = request.cookies[DEVICE_COOKIE];
    return known && /^[A-Za-z0-9_-]{16,64}$/.test(known) ? known : undefined;
  };
  /** The browser's device id (a long-lived random cookie), given when it first asks for a nonce. */
  function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
    const known = knownDevice(request);
    if (known) return known;
    const device = randomBytes(18).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, device, { httpOnly: true, path: '/', maxAge: 365 * 86_400, ...cookieScope(config.embedOrigins, config.publicOrigin.startsWith('https:') || request.protocol === 'https') });
    return device;
  }

  app.post('/sms/auth-code/nonce', { config: { rateLimit: { max: config.sms.requestsPerIpPerHour * 2, timeWindow: 3_600_000 } } }, async (request, reply) => {
    const device = deviceOf(request, reply);
    const nonce = randomBytes(16).toString('hex');
    await db.insert(loginNonces).values({ nonce, device, expiresAt: new Date(Date.now() + NONCE_TTL_SECONDS * 1000) });
    // Expired nonces are of no use to anyone: each issue sweeps those a day old.
    await db.delete(loginNonces).where(lt(loginNonces.expiresAt, new Date(Date.now() - 86_400_000)));
    return ok({ nonce, key: nonceKey(nonce, device), expiresInSeconds: NONCE_TTL_SECONDS });
  });

  // The calling codes login codes go to: the login offers these, and no other.
  app.get('/login-countries', async () => ok({ countries: config.sms.countries }));

  // What the browser needs to fetch a bot-check token before asking for a code (SPEC §7).
  app.get('/bot-check', async () => ok(app.kh.botCheck.public));

  const sendSchema = { ...phoneSchema, properties: { ...phoneSchema.properties, recaptchaToken: { type: 'string', maxLength: 4096 } } } as const;
  app.post('/sms/auth-code/send', { schema: { body: sendSchema }, config: { rateLimit: { max: config.sms.requestsPerIpPerHour, timeWindow: 3_600_000 } } }, async (request) => {
    const body = form(request);
    const device = knownDevice(request);
    await verifySignature(body, device);
    // The token is part of the signed request; a bot's (or none, where a check runs) sends no code.
    if (!(await app.kh.botCheck.verify(body.recaptchaToken, LOGIN_ACTION, request.ip))) throw new AppError(400, CODES.botCheckFailed, 'server.botCheckFailed');
    const phone = { mobile: body.mobile, countryCode: body.countryCode.replace(/^\+/, '') };
    // Only to the countries the broker serves: never a satellite, an international network or a premium range.
    if (!config.sms.countries.includes(phone.countryCode)) throw new AppError(400, CODES.fieldErrors, 'server.smsCountryNotServed', { countries: servedCountries(languageOf(request)) });
    if (checkMobile(phone.countryCode, phone.mobile, 6, 15)) throw badRequest('server.mobileInvalid');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // The limits and the new code are one step: ten sends at once make one code, and no budget is passed by sends that counted together.
    const codeId = await serialised(db, 'sms-send', async (tx) => {
      await enforceSendLimits(tx, phone, { ip: request.ip, device: device! });
      const [row] = await tx
        .insert(smsCodes)
        .values({ ...phone, codeHash: codeHash(phone, code), ip: request.ip, device: device!, expiresAt: new Date(Date.now() + config.sms.codeTtlSeconds * 1000) })
        .returning({ id: smsCodes.id });
      return row.id;
    });
    try {
      await sms.send({ ...phone, body: `Your verification code is ${code}. It expires in ${config.sms.codeTtlSeconds / 60} minutes.` });
    } catch (error) {
      // A code that never left is no code: removed, so "wait 60 seconds" does not stand in the way of a retry.
      await db.delete(smsCodes).where(eq(smsCodes.id, codeId));
      const reason = error instanceof SmsDeliveryError ? error.reason : 'unknown';
      request.log.warn({ dependency: 'sms', reason }, 'sms unavailable: the login code could not be sent');
      app.kh.metrics.providerFailures.inc({ provider: 'sms', reason });
      throw new AppError(502, '500', 'server.smsNotSent');
    }
    return ok({ sent: true, resendAfterSeconds: config.sms.resendAfterSeconds });
  });

  const loginWithCode = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const body = form(request);
    const phone = { mobile: body.mobile, countryCode: body.countryCode };
    await useCode(phone, body.code);
    const memberId = await memberFor(phone);
    await startSession(request, reply, memberId);
    return ok(await userInfo(memberId));
  };
  app.post('/sms/auth-code/use', { schema: { body: withCode } }, loginWithCode);

  app.post('/login', { schema: { body: phoneSchema } }, async (request, reply) => {
    const body = form(request);
    if (body.code) return loginWithCode(request, reply);
    // The debug login of SPEC §7 (mobile + password) works only in dev mode.
    if (!config.dev || !body.password) throw badRequest('server.codeRequired');
    if (!sameSignature(body.password, config.devPassword)) throw new AppError(400, CODES.codeIncorrect, 'server.passwordIncorrect');
    const memberId = await memberFor({ mobile: body.mobile, countryCode: body.countryCode });
    await startSession(request, reply, memberId);
    return ok(await userInfo(memberId));
  });

  // Signed in or not, and for how long: the app warns two minutes before the session ends.
  app.post('/login/check', async (request) => {
    const session = await sessionOf(request);
    return ok(session ? { logined: true, user: await userInfo(session.memberId), session: sessionTiming(request, session) } : { logined: false });
  });

  // "Stay signed in", from the app's warning before the idle end.
  app.post('/session/keep', async (request) => ok(await keepSession(request)));

  // Logout ends this session and the phone hand-offs it gave; `everywhere` ends every session of the account.
  app.post('/logout', async (request, reply) => {
    const everywhere = String((request.body as { everywhere?: unknown } | undefined)?.everywhere ?? '') === 'true';
    await logOut(request, reply, { everywhere });
    return ok({ logined: false });
  });

  // Whether a number is registered is worth little to one applicant and much to a harvester: limited.
  app.post('/reg/isRegisterUser', { schema: { body: phoneSchema }, config: { rateLimit: { max: config.limits.lookupsPerMinute, timeWindow: 60_000 } } }, async (request) => {
    const body = form(request);
    const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.countryCode, body.countryCode), eq(members.mobile, body.mobile)));
    return ok({ registered: !!row });
  });

  app.post('/mobile/modify', { schema: { body: withCode }, preHandler: requireMember }, async (request) => {
    const body = form(request);
    const phone = { mobile: body.mobile, countryCode: body.countryCode };
    await useCode(phone, body.code);
    const [taken] = await db.select({ id: members.id }).from(members).where(and(eq(members.countryCode, phone.countryCode), eq(members.mobile, phone.mobile)));
    if (taken && taken.id !== memberOf(request)) throw new AppError(409, CODES.fieldErrors, 'validation.phoneTaken');
    await db.update(members).set(phone).where(eq(members.id, memberOf(request)));
    return ok(await userInfo(memberOf(request)));
  });

  // A phone that came by the PC's QR code has not signed in: it learns nothing of the account but
  // that it is one (the app's start-up needs that), and the mobile number's last digits.
  app.get('/getUsers', { preHandler: requireMember }, async (request) => {
    const info = await userInfo(memberOf(request));
    if (!request.handoffApplicationId) return ok(info);
    return ok({ mid: info.mid, logined: true, haveMobile: true, mobile: maskMobile(info.mobile), countryCode: info.countryCode, opened: info.opened, handoff: true });
  });
};

/** All but the last two digits hidden: "•••••••78". */
export const maskMobile = (mobile: string): string => `${'•'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;

/** All but the last four digits hidden: "••••7890". */
export const maskAccount = (account: string): string => `${'•'.repeat(Math.max(0, Math.min(account.length - 4, 8)))}${account.slice(-4)}`;
