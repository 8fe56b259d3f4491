// The church module's door: the church's record and its setup checklist.
export { churchRoutes } from './routes.js';
export { ensureChurchReadyForDocuments, setupChecklist } from './setupChecklist.js';
