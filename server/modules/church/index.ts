// The church module's door: the church's record and its setup checklist.
export { churchRoutes } from './routes.js';
export { setupChecklist } from './setupChecklist.js';
