// What the staff domain offers the others and the composition root; everything else in the folder is its own.
export { hasPermission, type StaffAccess, type StaffRole } from './staff-access.ts';
export { requirePermission, type StaffMember, staffMemberOf, staffOf } from './staff-auth.ts';
export { bootstrapAdmin } from './staff-bootstrap.ts';
export { linkedByStaffChange, proposeChange } from './staff-changes.ts';
export { staffPlugin } from './staff-routes.ts';
