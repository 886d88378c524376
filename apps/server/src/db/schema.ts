// The database schema (Drizzle, PostgreSQL). Migrations in drizzle/ are generated from this file
// with `pnpm --filter server db:generate` and run the same on PGlite and on PostgreSQL. One file (drizzle
// reads one schema), in a section per domain: each domain owns its section's tables (ARCHITECTURE.md).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ── passport: applicants and their sign-in: the member (an applicant, by phone), login codes and nonces ──

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    mobile: text('mobile').notNull(),
    /** The broker's client number, given when an account opens. */
    hsNo: text('hs_no'),
    name: text('name'),
    appSource: integer('app_source'),
    /** When the broker closed the account: its records are kept for the retention period from here (applications/retention.ts). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_phone').on(t.countryCode, t.mobile)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    /** The browser's device cookie the code was asked with. */
    device: text('device'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_codes_phone').on(t.countryCode, t.mobile, t.createdAt),
    index('sms_codes_ip').on(t.ip, t.createdAt),
    index('sms_codes_device').on(t.device, t.createdAt),
    // The hourly budgets, per destination country and in all.
    index('sms_codes_country').on(t.countryCode, t.createdAt),
    index('sms_codes_created').on(t.createdAt),
  ],
);

/**
 * The send-auth-code nonces the server hands out: each is bound to the browser that asked for it
 * (its device cookie), good for a few minutes, and used once.
 */
export const loginNonces = pgTable(
  'login_nonces',
  {
    nonce: text('nonce').primaryKey(),
    device: text('device').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_nonces_expiry').on(t.expiresAt)],
);

// ── applications: applications, their saved steps, submissions, supplements, the values one member holds alone, legal holds ──

export const applications = pgTable(
  'applications',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull().references(() => members.id),
    relatedType: text('related_type', { enum: ['INIT', 'SUPPLEMENT'] }).notNull(),
    /** abandon 0, stash 1, review 2, pass 3, success 4, fail 5 */
    status: integer('status').notNull().default(1),
    fillStep: integer('fill_step').notNull().default(1000),
    /** Market bit flags asked for (HK 1, US 2, MAS 16). */
    market: integer('market').notNull().default(0),
    /** Market bit flags opened by the review. */
    opened: integer('opened').notNull().default(0),
    masClientCodeActive: boolean('mas_client_code_active').notNull().default(false),
    rejectedReason: text('rejected_reason'),
    /** The reviewer's words to the applicant with a rejection, shown as written. */
    rejectionNote: text('rejection_note'),
    /** What the review asked with the rejection: resubmit (fix the items), moreInformation (provide them; not a rejection in the applicant's words), final (nothing more). */
    rejectionKind: text('rejection_kind', { enum: ['resubmit', 'moreInformation', 'final'] }),
    /** The reviewer's comment on each item named (RejectReason value → words to the applicant, as written). */
    rejectionComments: jsonb('rejection_comments'),
    islamic: boolean('islamic').notNull().default(false),
    accountType: integer('account_type'),
    invitationCode: text('invitation_code'),
    appSource: integer('app_source'),
    /** Denormalised from the steps so the uniqueness rules are one indexed query each. */
    username: text('username'),
    email: text('email'),
    idNo: text('id_no'),
    nationality: text('nationality'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * When the decision is due: the queue's service level in business days after the day of the
     * latest submit (applications/case-deadline.ts). A rejection stops the clock; the resubmission starts it again.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The language the applicant submitted in: the reviewer's decision reaches them in it. */
    language: text('language'),
    /** The reviewer working the case (claimed, or assigned by a supervisor): no one else decides it. */
    assignedTo: text('assigned_to'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The case's facts, fixed at each submit (applications/case-facts.ts): the queue filters and searches on them. */
    applicantName: text('applicant_name'),
    pep: boolean('pep').notNull().default(false),
    margin: boolean('margin').notNull().default(false),
    identityMismatch: boolean('identity_mismatch').notNull().default(false),
    submissionCount: integer('submission_count').notNull().default(0),
    /** The risk assessed at the latest submit (applications/case-facts.ts, rules in schemas/risk): its score, band and the factors met. */
    riskScore: integer('risk_score'),
    riskBand: text('risk_band'),
    riskFactors: jsonb('risk_factors'),
    /** Maker-checker: the first approval of a case that needs two, waiting for a different supervisor's. */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedMarkets: integer('first_approved_markets'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The case's last change (a submit, a decision, a supplement): an applicant's step saves are dated on their steps (application_steps.updated_at), so a save updates the row in place (applications/step-saves.ts). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_one_init_per_member').on(t.memberId).where(sql`${t.relatedType} = 'INIT'`),
    // One supplement being filled or fixed per member at a time: two add-market taps make one.
    uniqueIndex('applications_one_open_supplement').on(t.memberId).where(sql`${t.relatedType} = 'SUPPLEMENT' and ${t.status} in (1, 5)`),
    index('applications_username').on(sql`lower(${t.username})`),
    index('applications_email').on(sql`lower(${t.email})`),
    index('applications_id_no').on(t.idNo),
    index('applications_status').on(t.status, t.updatedAt),
    // The open cases by urgency: the queue's default order and "next case".
    index('applications_open_due').on(t.dueAt, t.id).where(sql`${t.status} in (2, 3)`),
    // A member's applications, newest first: the session's application on every save and status check.
    index('applications_member').on(t.memberId, t.relatedType, t.createdAt),
  ],
);

export const applicationSteps = pgTable(
  'application_steps',
  {
    applicationId: text('application_id').notNull().references(() => applications.id),
    stepId: text('step_id').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * The step version the applicant answered under (0: the build-time schema); it is validated and
     * shown with that version. Null while nobody answered: a row the server wrote (the identity
     * check's pre-fill of the personal step, its facts carried in) pins no version, so the applicant
     * is drawn the live one (or an experiment's) when they reach the step.
     */
    schemaVersion: integer('schema_version'),
    /** Counts the saves: a page drawn from revision n saves only while the step is still at n (a second device's newer answer is not overwritten). */
    revision: integer('revision').notNull().default(1),
    /** The revision the saved answer was drawn from (null: the save named none). */
    basedOn: integer('based_on'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.stepId] })],
);

/** What was submitted each time, so a reviewer sees what changed since a rejection. */
export const submissions = pgTable(
  'submissions',
  {
    applicationId: text('application_id').notNull().references(() => applications.id),
    number: integer('number').notNull(),
    payloads: jsonb('payloads').notNull(),
    /** The rejection this submission answers (the items named), if any. */
    answersRejection: text('answers_rejection'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.number] })],
);

export const supplements = pgTable(
  'supplements',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull().references(() => members.id),
    applicationId: text('application_id').notNull().references(() => applications.id),
    /** One market bit (HK 1, US 2, MAS 16). */
    market: integer('market').notNull(),
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('supplements_member_market_open').on(t.memberId, t.market).where(sql`${t.status} in (1, 2, 3)`)],
);

/**
 * What one member alone may hold: a username, an e-mail address, an ID number (kind, normalised
 * value). The primary key makes two applicants saving the same value at once end with one owner;
 * one row per kind and member, so a member who changes a value gives the old one up.
 */
export const memberClaims = pgTable(
  'member_claims',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    memberId: text('member_id').notNull().references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), uniqueIndex('member_claims_member_kind').on(t.memberId, t.kind)],
);

/** A legal hold: while one is open, nothing of the member is purged, whatever its age. */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: serial('id').primaryKey(),
    memberId: text('member_id').notNull(),
    reason: text('reason').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('legal_holds_member').on(t.memberId).where(sql`released_at is null`)],
);

// ── identity: identity checks and the PC-to-phone hand-off ──

/** Identity checks (eKYC), one row per attempt; the result record of SPEC §3. */
export const ekycChecks = pgTable(
  'ekyc_checks',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id').notNull().references(() => applications.id),
    memberId: text('member_id').notNull().references(() => members.id),
    provider: text('provider').notNull(),
    /** The provider's own id for the check (ZOLOZ's transactionId); the sandbox has none. */
    providerRef: text('provider_ref'),
    /**
     * pending, success, failed; a check made on a phone that came by the PC's QR code settles as
     * unconfirmed (verified, but not yet the application's: the PC confirms it is its applicant's) and
     * then success, or disowned (the PC said it was not them, or ended that phone's hand-off).
     */
    state: text('state').notNull().default('pending'),
    /** Made by a hand-off session (a phone that opened the QR link without signing in): the PC must confirm it. */
    viaHandoff: boolean('via_handoff').notNull().default(false),
    /** When the PC confirmed a hand-off check as its applicant's. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    idKind: integer('id_kind').notNull(),
    documentName: text('document_name').notNull(),
    documentNumber: text('document_number').notNull(),
    responseUrl: text('response_url').notNull(),
    frontImgPath: text('front_img_path'),
    backImgPath: text('back_img_path'),
    selfieImgPath: text('selfie_img_path'),
    /** SHA-256 of the token in the provider page's URL. */
    pageTokenHash: text('page_token_hash').notNull(),
    ocrData: jsonb('ocr_data'),
    faceScore: integer('face_score'),
    isIdentical: boolean('is_identical'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('ekyc_checks_application').on(t.applicationId, t.createdAt), index('ekyc_checks_member_day').on(t.memberId, t.createdAt)],
);

/** Short-lived, single-use tokens that move an identity check from a PC to a phone (QR code). */
export const handoffTokens = pgTable('handoff_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.id),
  applicationId: text('application_id').notNull().references(() => applications.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** When the phone, its identity check done, chose to carry on with the application itself (the PC is told). */
  continuedAt: timestamp('continued_at', { withTimezone: true }),
  /** When the phone, its identity check done, chose to go back to the PC (which then carries on by itself). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** When a newer link (or the PC disowning the phone's check) ended this one. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── payment: the card fee ──

/** Card fee payments; the order number makes paying twice charge once. */
export const payments = pgTable('payments', {
  orderNumber: text('order_number').primaryKey(),
  paymentId: text('payment_id').notNull().unique(),
  applicationId: text('application_id').notNull().references(() => applications.id),
  memberId: text('member_id').notNull().references(() => members.id),
  businessType: integer('business_type').notNull(),
  amountSen: integer('amount_sen').notNull(),
  /** payStatus: 0 success, 1 failed, 2 loading, -2 failed at the gateway */
  payStatus: integer('pay_status').notNull().default(2),
  cardHolder: text('card_holder'),
  cardLast4: text('card_last4'),
  merchantReturnUrl: text('merchant_return_url').notNull(),
  /** Sandbox gateway: what a pending payment turns into when it is next queried. */
  pendingResolvesTo: integer('pending_resolves_to'),
  /** Whether the applicant went through the gateway page (a created order stays 2 until then). */
  gatewayDone: boolean('gateway_done').notNull().default(false),
  createdAt: createdAt(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [
  // One payable order per application: open, pending or paid (0 and 2). A declined one makes room for the next.
  uniqueIndex('payments_one_payable').on(t.applicationId).where(sql`${t.payStatus} in (0, 2)`),
]);

// ── documents: uploaded files ──

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.id),
  relativePath: text('relative_path').notNull().unique(),
  originalFilename: text('original_filename').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /**
   * When the object was written. An upload's row comes first (null here), then the object, then this:
   * a row left null by a crash or a storage failure is swept with its object (documents/file-sweep.ts),
   * so nothing in the bucket is ever without a row.
   */
  storedAt: timestamp('stored_at', { withTimezone: true }).defaultNow(),
  createdAt: createdAt(),
}, (t) => [index('files_unstored').on(t.createdAt).where(sql`stored_at is null`)]);

// ── review: staff notes on a case ──

/** Notes between staff on a case; the applicant never sees them. */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: text('application_id').notNull().references(() => applications.id),
    staffId: text('staff_id').notNull().references(() => staff.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('case_notes_application').on(t.applicationId, t.createdAt)],
);

// ── staff: staff accounts, their sessions, two-person changes ──

export const staff = pgTable('staff', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** scrypt$<salt>$<hash> */
  passwordHash: text('password_hash').notNull(),
  /**
   * Set while the password is one an admin chose (a new account, a reset): it signs in once, to be
   * changed, and not after this time.
   */
  oneTimePasswordUntil: timestamp('one_time_password_until', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** reviewer (works cases), supervisor (second approval, reassigns), admin (manages staff), editor (the schema studio). See staff/staff-access.ts. */
  role: text('role').notNull().default('reviewer'),
  /** The confirmed TOTP secret (base32), set when totpEnabledAt is: a pending one lives in its half session only. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The time step of the last code used: a code works once. */
  totpLastStep: integer('totp_last_step'),
  /**
   * The account's owner chose its password themselves (the operator's first admin, by the command or
   * the bootstrap setting): its authenticator may be enrolled at a sign-in with that password. Every
   * other account enrols through an activation link sent to its own e-mail address.
   */
  enrolByPassword: boolean('enrol_by_password').notNull().default(false),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * What an account's owner alone completes, from a link sent to their own e-mail address: a new
 * account's first password and authenticator, a password reset, an authenticator reset. The proposer
 * and the confirming admin never see the link; only its hash is kept.
 */
export const staffActivations = pgTable(
  'staff_activations',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id').notNull().references(() => staff.id),
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    /** activate (a new account), password (a reset password), authenticator (a reset authenticator) */
    purpose: text('purpose').notNull(),
    /** The two-person change that called for it. */
    changeId: text('change_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer link for the same account ended this one. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_activations_staff').on(t.staffId)],
);

export const staffSessions = pgTable('staff_sessions', {
  id: text('id').primaryKey(),
  staffId: text('staff_id').notNull().references(() => staff.id),
  /** What the staff member sees of the session (the list of their sessions): never the token's hash. */
  ref: text('ref').notNull().unique().default(sql`gen_random_uuid()::text`),
  /** password (a new password or a second factor still to come), or full. */
  stage: text('stage').notNull().default('full'),
  /** The authenticator secret being enrolled: shown once, to this session, and gone with it. */
  pendingTotpSecret: text('pending_totp_secret'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Sessions end when idle (config.staff.idleMinutes). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [index('staff_sessions_staff').on(t.staffId)]);

/**
 * Changes that take two people (staff/staff-changes.ts): a staff account created, a role changed,
 * a password or second factor reset, an account enabled again, a member's MY client code switched.
 * One person proposes, another confirms; the change is made only then, and both are audited.
 */
export const staffChanges = pgTable(
  'staff_changes',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The staff account changed (null until a created one exists), or the member whose MY client code changes. */
    targetStaffId: text('target_staff_id').references(() => staff.id),
    targetMemberId: text('target_member_id'),
    /** What changes: the new values and the old ones (a password only as its hash). */
    change: jsonb('change').notNull(),
    /** pending, approved, declined, expired */
    state: text('state').notNull().default('pending'),
    proposedBy: text('proposed_by').notNull().references(() => staff.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_changes_state').on(t.state, t.proposedAt),
    index('staff_changes_target').on(t.targetStaffId, t.decidedAt),
    // One pending change of a kind per target: a second proposal while one waits is refused.
    uniqueIndex('staff_changes_one_pending').on(t.kind, sql`coalesce(${t.targetStaffId}, ${t.targetMemberId}, ${t.change}->>'email')`).where(sql`${t.state} = 'pending'`),
  ],
);

// ── audit: the append-only, chained audit trail ──

/**
 * Every staff action, read of personal data and refusal: who (null for a sign-in with an unknown
 * e-mail), from where, when, what, and the status before and after. Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE, and another chains each entry to the one before by a SHA-256 hash
 * (chain_seq, prev_hash, hash: drizzle/0015; `pnpm --filter @kh/server audit:verify`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: text('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The entry's place in the hash chain and its links, set by the database's trigger. */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    applicationId: text('application_id'),
    memberId: text('member_id'),
    statusBefore: integer('status_before'),
    statusAfter: integer('status_after'),
    detail: jsonb('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_application').on(t.applicationId, t.createdAt), index('audit_log_created').on(t.createdAt), uniqueIndex('audit_log_chain').on(t.chainSeq)],
);

/**
 * Where the audit chain starts after its oldest entries were purged at the end of their retention:
 * the position and hash of the last entry removed, which the next entry links to.
 */
export const auditAnchors = pgTable('audit_anchors', {
  chainSeq: bigint('chain_seq', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  entriesPurged: integer('entries_purged').notNull(),
  purgedAt: timestamp('purged_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── screening: the sanctions and PEP lists the broker loads, and each applicant screened against them ──

/** One import of a list: a new version of its name, which retires the one before. */
export const screeningLists = pgTable(
  'screening_lists',
  {
    id: text('id').primaryKey(),
    /** What the list is called ("UN Security Council consolidated list"): its versions share the name. */
    name: text('name').notNull(),
    /** un-xml or csv */
    format: text('format').notNull(),
    version: integer('version').notNull(),
    /** Of the file as imported, so an examiner can tell which file it was (set once the import has read it). */
    sha256: text('sha256').notNull(),
    entryCount: integer('entry_count').notNull(),
    /** What could not be read, with its place in the file. */
    problems: jsonb('problems').notNull(),
    importedBy: text('imported_by')
      .notNull()
      .references(() => staff.id),
    importedAt: createdAt(),
    /** importing (the job reads and stores it), live, retired (a newer version of the name is live), failed (nothing could be read: `failure` says why). */
    state: text('state').notNull().default('live'),
    failure: text('failure'),
    /** The uploaded file while it is being imported (in the file store; removed once read). */
    sourcePath: text('source_path'),
    /** When a newer import of the same name replaced it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('screening_lists_name_version').on(t.name, t.version), uniqueIndex('screening_lists_live').on(t.name).where(sql`state = 'live'`)],
);

export const screeningEntries = pgTable(
  'screening_entries',
  {
    listId: text('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    /** sanctions or pep */
    category: text('category').notNull(),
    names: jsonb('names').notNull(),
    birthDates: jsonb('birth_dates').notNull(),
    nationalities: jsonb('nationalities').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.ref] })],
);

/** An applicant screened at a submit, or screened again after a list changed (only when something matched): against which list versions, what matched and why. */
export const screeningResults = pgTable(
  'screening_results',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    screenedAt: createdAt(),
    /** The name, date of birth and nationality screened. */
    subject: jsonb('subject').notNull(),
    /** [{ id, name, version }] of the lists live at the time (a re-screen: the version that changed). */
    lists: jsonb('lists').notNull(),
    /** Each hit, with the decision carried to it from an earlier one on the same person and entry, if any. */
    hits: jsonb('hits').notNull(),
    /**
     * unscreened (no list was loaded: nothing was compared), clear (no hit), hit (a hit nobody has
     * decided: the case is held), cleared (every hit a different person), confirmed (a hit is the listed person)
     */
    state: text('state').notNull(),
    /** submit, or rescreen (a list version imported after the submit; `runId` names the run). */
    kind: text('kind').notNull().default('submit'),
    runId: text('run_id'),
    decidedBy: text('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [index('screening_results_application').on(t.applicationId, t.screenedAt), index('screening_results_held').on(t.applicationId).where(sql`state = 'hit'`)],
);

/**
 * A supervisor's decision on one hit: the listed person or not. It stays with the person (the member
 * and the ID number) and the listed entry: a later screening of that person against that entry
 * carries it (a confirmation always; a clearance only while the entry and the person's details are as
 * they were), across resubmissions, new applications and added markets. A confirmation is lifted only
 * by a two-person override (staff_changes, kind screeningOverride).
 */
export const screeningDecisions = pgTable(
  'screening_decisions',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull(),
    /** The ID number of the person decided on (a new account of theirs under another phone is the same person). */
    idNo: text('id_no'),
    applicationId: text('application_id').notNull(),
    resultId: text('result_id').notNull(),
    listName: text('list_name').notNull(),
    entryRef: text('entry_ref').notNull(),
    category: text('category').notNull(),
    /** SHA-256 of the entry's names, dates and nationalities, and of the person's screened name, date of birth and nationality, as decided. */
    entryHash: text('entry_hash').notNull(),
    subjectHash: text('subject_hash').notNull(),
    /** cleared (a different person) or confirmed (the listed person) */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    decidedBy: text('decided_by')
      .notNull()
      .references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    overriddenByChange: text('overridden_by_change'),
  },
  (t) => [
    uniqueIndex('screening_decisions_one_per_hit').on(t.resultId, t.listName, t.entryRef),
    index('screening_decisions_member').on(t.memberId),
    index('screening_decisions_id_no').on(t.idNo),
    index('screening_decisions_application').on(t.applicationId),
  ],
);

/** A list version screened against every submitted application and customer: its progress and what it found. */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    id: text('id').primaryKey(),
    listId: text('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    /** running, done, failed */
    state: text('state').notNull().default('running'),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Applications screened so far, and those with a new hit. */
    screened: integer('screened').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    /** Where the run had got to (the last application id screened): a job retried goes on from there. */
    cursor: text('cursor'),
    failure: text('failure'),
  },
  (t) => [index('screening_runs_list').on(t.listId)],
);

// ── studio: step versions the studio writes and publishes, and which is live (steps/ reads them) ──

/**
 * A step's versions from the schema studio. Version 0 is the build-time document in schemas/steps
 * and has no row. A draft is its author's to change; in review it is frozen; published, it is
 * immutable and carries what the server made of it (the JSON Schema and the validator code).
 */
export const stepVersions = pgTable(
  'step_versions',
  {
    stepId: text('step_id').notNull(),
    version: integer('version').notNull(),
    /** draft, review, scheduled (published at publish_at), experiment (tried on a share), published, discarded */
    status: text('status').notNull(),
    basedOn: integer('based_on').notNull(),
    /** json, not jsonb: the document keeps its key order, so an export reads as it was written. */
    document: json('document').notNull(),
    /** Flat translation keys per language: the texts this version brings. */
    translations: json('translations').notNull(),
    authorId: text('author_id').notNull().references(() => staff.id),
    reviewerId: text('reviewer_id').references(() => staff.id),
    jsonSchema: jsonb('json_schema'),
    validatorCode: text('validator_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A version made to roll back to an earlier one (its document is that one's). */
    rollbackOf: integer('rollback_of'),
    /** Set when a rollback replaced this version: nothing is saved under it again, and its pins give way to the live version. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** A publish a second editor scheduled (status scheduled): when, by whom, with which stated migration. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishBy: text('publish_by').references(() => staff.id),
    publishMigration: text('publish_migration'),
    /** Why a scheduled publish did not happen when due ({ key, params }): the version is back in review. */
    scheduleFailure: jsonb('schedule_failure'),
    /**
     * Per language and text key, the English text its translation was made from (or confirmed
     * against): a translation whose English has changed since is outdated until someone confirms it.
     */
    textSources: json('text_sources').notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.stepId, t.version] }), index('step_versions_author').on(t.authorId, t.status), index('step_versions_retired').on(t.stepId, t.version).where(sql`retired_at is not null`)],
);

/**
 * The review as a conversation: a comment on a version (on one of its fields, or on the whole), by the
 * reviewing editor or the author. Requesting changes sends a version in review back to its author as
 * a draft, with these comments beside it.
 */
export const stepVersionComments = pgTable(
  'step_version_comments',
  {
    id: serial('id').primaryKey(),
    stepId: text('step_id').notNull(),
    version: integer('version').notNull(),
    /** The field commented on; null: the version as a whole. */
    field: text('field'),
    body: text('body').notNull(),
    authorId: text('author_id').notNull().references(() => staff.id),
    /** Set on the comments a request for changes sent back. */
    changesRequested: boolean('changes_requested').notNull().default(false),
    /** The comment this one answers: a thread is a comment and its replies. */
    parentId: integer('parent_id').references((): AnyPgColumn => stepVersionComments.id),
    /** A thread settled: by whom and when (null: still open). Set on the thread's first comment. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [index('step_version_comments_version').on(t.stepId, t.version, t.createdAt)],
);

/**
 * A version tried on a share of new applications beside the live one: each application that has not
 * answered the step is drawn one of the two by its id (the same on every device), and its answer is
 * pinned like any other. Ending it (asked by one editor, done by another) publishes the version or
 * retires it. One runs per step at a time.
 */
export const stepExperiments = pgTable(
  'step_experiments',
  {
    id: serial('id').primaryKey(),
    stepId: text('step_id').notNull(),
    /** The version tried (status experiment until the end). */
    version: integer('version').notNull(),
    /** The live version it is compared with. */
    control: integer('control').notNull(),
    /** Per cent of new applications drawn the version tried, 1 to 99. */
    share: integer('share').notNull(),
    migration: text('migration'),
    startedBy: text('started_by').notNull().references(() => staff.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** adopt (publish the version tried) or stop (retire it), asked by one editor and done by another. */
    endOutcome: text('end_outcome'),
    endAskedBy: text('end_asked_by').references(() => staff.id),
    endAskedAt: timestamp('end_asked_at', { withTimezone: true }),
    endedBy: text('ended_by').references(() => staff.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('step_experiments_step').on(t.stepId, t.startedAt), uniqueIndex('step_experiments_running').on(t.stepId).where(sql`ended_at is null`)],
);

/** Which version of a step is live, and since when: a publish or a rollback starts a row and ends the one before. */
export const stepPublications = pgTable(
  'step_publications',
  {
    id: serial('id').primaryKey(),
    stepId: text('step_id').notNull(),
    version: integer('version').notNull(),
    /** publish or rollback */
    action: text('action').notNull(),
    staffId: text('staff_id').notNull().references(() => staff.id),
    /** The stated migration for keys open applications hold that this version drops. */
    migration: text('migration'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('step_publications_step').on(t.stepId, t.startedAt), uniqueIndex('step_publications_live').on(t.stepId).where(sql`ended_at is null`)],
);

// ── messages: the sandbox's outboxes ──

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  mobile: text('mobile').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** The sandbox's e-mail outbox (dev mode, no SMTP server): shown at /dev/outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

// ── analytics: the app's analytics events and error reports ──

export const analyticsEvents = pgTable('analytics_events', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  memberId: text('member_id'),
  eventCode: text('event_code').notNull(),
  eventValue: jsonb('event_value').notNull(),
  createdAt: createdAt(),
});

export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  requestId: text('request_id'),
  hsNo: text('hs_no'),
  href: text('href'),
  userAgent: text('user_agent'),
  applyId: text('apply_id'),
  /** The API request the browser saw fail (its X-Request-Id), to find it in the server's logs. */
  failedRequestId: text('failed_request_id'),
  message: text('message').notNull(),
  stack: text('stack'),
  createdAt: createdAt(),
});

// ── platform (http): sessions (an applicant's, by hashed id) and rate-limit counters ──

export const sessions = pgTable('sessions', {
  /** SHA-256 of the cookie value: a leaked table holds no usable session. */
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.id),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Sessions also end when idle (config.sessionIdleMinutes); touched at most once a minute. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** A phone that came by the PC's QR code: this session may do the identity check of this application, nothing else. */
  handoffApplicationId: text('handoff_application_id'),
}, (t) => [index('sessions_member').on(t.memberId)]);

/** Counters of the rate limits (http/rate-limits.ts): one row per key, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
