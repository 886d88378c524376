// Who may do what in the staff API: the one table. Every /staff route names what it needs in its
// config (`staffAccess`), and the staff plugin refuses to start when a route names nothing. Deny by
// default: a role not listed for a permission is refused before the route reads anything.
export const STAFF_ROLES = ['reviewer', 'supervisor', 'admin', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The permissions and the roles that hold them. Case work and staff administration never meet in
 * one role: whoever manages accounts (admin) decides no case, so creating a colleague cannot make a
 * checker of one's own.
 */
export const PERMISSIONS = {
  'cases.read': { roles: ['reviewer', 'supervisor'], what: 'see the queue, open a case and its documents' },
  'cases.work': { roles: ['reviewer', 'supervisor'], what: 'claim a case, write notes, give the first approval, ask the applicant for more information, reject (to resubmit, or finally), ask for a change of the MY client code' },
  'cases.check': { roles: ['supervisor'], what: 'give the second approval (never to one’s own first), take a case waiting for it, confirm a change of the MY client code' },
  'cases.evidence': { roles: ['supervisor'], what: 'download a decided case’s evidence pack for an examiner (a ZIP with a manifest of SHA-256 hashes; each one audited)' },
  'cases.assign': { roles: ['supervisor'], what: 'hand a case to a colleague who may work it' },
  'staff.list': { roles: ['supervisor', 'admin'], what: 'list colleagues by name and role' },
  'jobs.read': { roles: ['supervisor', 'admin'], what: 'see notifications and provider answers out of retries' },
  'changes.decide': { roles: ['supervisor', 'admin'], what: 'see two-person changes and confirm or decline one proposed by someone else (staff changes: admin; MY client code: supervisor)' },
  'staff.manage': { roles: ['admin'], what: 'list staff accounts, propose a new account, a role change, a reset of the password or second factor (completed by the owner from a link to their own address); disable an account at once' },
  'audit.read': { roles: ['admin'], what: 'search the audit log and verify its hash chain' },
  'risk.read': { roles: ['reviewer', 'supervisor', 'admin'], what: 'read the risk rules: the factors, their points, the bands and the band that needs a second approval' },
  'screening.lists': { roles: ['admin'], what: 'import a new version of a sanctions or PEP list, and see every version (each import audited with its SHA-256)' },
  'screening.decide': { roles: ['supervisor'], what: 'decide a screening hit (a different person, or the listed person: never approved), with a reason; propose or confirm a two-person override of a confirmed match' },
  'studio.edit': { roles: ['editor'], what: 'draft, review, publish and roll back step versions (a publish or rollback by a second editor)' },
} as const satisfies Record<string, { roles: readonly StaffRole[]; what: string }>;
export type Permission = keyof typeof PERMISSIONS;

/**
 * What a staff route needs: a permission, or one of the three that are no one's permission:
 * `signIn` (no session: the sign-in itself, who is signed in, logout), `halfSession` (the password
 * is checked, the second factor or the new password still to come), `self` (any signed-in person,
 * for their own account: who am I, my password, my sessions).
 */
export type StaffAccess = Permission | 'signIn' | 'halfSession' | 'self';

export const hasPermission = (role: StaffRole, permission: Permission): boolean => (PERMISSIONS[permission].roles as readonly StaffRole[]).includes(role);

export const permissionsOf = (role: StaffRole): Permission[] => (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => hasPermission(role, permission));

/** The table as README prints it: one row per permission, one column per role. */
export function permissionTable(): string {
  const header = `| permission | ${STAFF_ROLES.join(' | ')} | what it allows |`;
  const rule = `|---|${STAFF_ROLES.map(() => ':-:').join('|')}|---|`;
  const rows = (Object.entries(PERMISSIONS) as [Permission, { roles: readonly StaffRole[]; what: string }][]).map(
    ([permission, { roles, what }]) => `| \`${permission}\` | ${STAFF_ROLES.map((role) => (roles.includes(role) ? '✓' : '')).join(' | ')} | ${what} |`,
  );
  return [header, rule, ...rows].join('\n');
}
