// What only an account's owner completes: a new account's first password and authenticator, a
// password reset, an authenticator reset. A confirmed change issues a link with a random token, sent
// to the account's own e-mail address: the admin who proposed the change and the one who confirmed
// it never see it, and the database keeps only its hash. A newer link for the same account ends the
// older ones; a link works once, within ACTIVATION_HOURS.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { staff, staffActivations } from '../db/schema.ts';
import type { MailMessage } from '../messages/index.ts';

export const ACTIVATION_PURPOSES = ['activate', 'password', 'authenticator'] as const;
export type ActivationPurpose = (typeof ACTIVATION_PURPOSES)[number];

/** A link lives three days: a new colleague may start on a Monday for an account made on the Friday before. */
export const ACTIVATION_HOURS = 72;

/** A password hash no password matches: an account waiting for its owner's first password, or a reset one. */
export const NO_PASSWORD = 'none';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedActivation {
  staffId: string;
  email: string;
  name: string;
  purpose: ActivationPurpose;
  token: string;
  expiresAt: Date;
}

/** A new link for the account (ending any earlier one still open), in the caller's transaction. */
export async function issueActivation(db: Database, input: { staffId: string; purpose: ActivationPurpose; changeId?: string }, now = new Date()): Promise<IssuedActivation> {
  const [account] = await db.select({ email: staff.email, name: staff.name }).from(staff).where(eq(staff.id, input.staffId));
  if (!account) throw new Error(`no staff account ${input.staffId}`);
  await db
    .update(staffActivations)
    .set({ revokedAt: now })
    .where(and(eq(staffActivations.staffId, input.staffId), isNull(staffActivations.usedAt), isNull(staffActivations.revokedAt)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACTIVATION_HOURS * 3_600_000);
  await db.insert(staffActivations).values({ id: newId(), staffId: input.staffId, tokenHash: hash(token), purpose: input.purpose, changeId: input.changeId ?? null, expiresAt });
  return { staffId: input.staffId, email: account.email, name: account.name, purpose: input.purpose, token, expiresAt };
}

/** The open link behind a token, with its account, or undefined (unknown, used, ended, lapsed, or the account disabled). */
export async function openActivation(db: Database, token: string, now = new Date()) {
  if (!token) return undefined;
  const [row] = await db
    .select({ id: staffActivations.id, purpose: staffActivations.purpose, expiresAt: staffActivations.expiresAt, staffId: staff.id, email: staff.email, name: staff.name, passwordHash: staff.passwordHash, totpEnabledAt: staff.totpEnabledAt })
    .from(staffActivations)
    .innerJoin(staff, eq(staff.id, staffActivations.staffId))
    .where(and(eq(staffActivations.tokenHash, hash(token)), isNull(staffActivations.usedAt), isNull(staffActivations.revokedAt), gt(staffActivations.expiresAt, now), isNull(staff.disabledAt)));
  return row ? { ...row, purpose: row.purpose as ActivationPurpose } : undefined;
}

/** Marks the link used, once: of two completions at once, one. */
export async function useActivation(db: Database, id: string): Promise<boolean> {
  const used = await db.update(staffActivations).set({ usedAt: new Date() }).where(and(eq(staffActivations.id, id), isNull(staffActivations.usedAt), isNull(staffActivations.revokedAt))).returning({ id: staffActivations.id });
  return used.length === 1;
}

const SUBJECTS: Record<ActivationPurpose, string> = {
  activate: 'Set up your review console account',
  password: 'Choose a new password for the review console',
  authenticator: 'Set up your authenticator for the review console again',
};
const WHY: Record<ActivationPurpose, string> = {
  activate: 'An account was made for you in the review console. Open this link to choose your password and set up your authenticator app:',
  password: 'Your review console password was reset. Open this link to choose a new one (your authenticator stays as it is):',
  authenticator: 'Your authenticator for the review console was reset. Open this link and enter your password to set up the authenticator app again:',
};

/** The e-mail to the account's own address. The token is in the link's fragment: no server or proxy log ever holds it. */
export function activationMail(activation: IssuedActivation, consoleOrigin: string): MailMessage {
  const link = `${consoleOrigin}/console/activate#${activation.token}`;
  const until = activation.expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: activation.email,
    subject: SUBJECTS[activation.purpose],
    text: `Hello ${activation.name},\n\n${WHY[activation.purpose]}\n\n${link}\n\nThe link works once, until ${until} UTC. If you did not expect this e-mail, tell your administrator: nobody else can use the link, and nobody at the broker will ask you for it.\n`,
  };
}
