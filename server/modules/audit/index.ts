// The audit module's door: the audit log's screen and its retention. Writing to the trail is
// server/audit/trail.ts, a floor below every module.
export { auditLogRoutes } from './routes.js';
export { auditNames } from './names.js';
export { purgeAuditLog, startAuditPurge } from './purge.js';
