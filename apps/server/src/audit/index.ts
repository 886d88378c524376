// What the audit domain offers the others and the composition root; everything else in the folder is its own.
export { staffAuditPlugin } from './audit-routes.ts';
export { audit, auditCase, auditRequest, originOf } from './audit.ts';
