// The member import module's door: its routes, the daily purge of what imports keep, and the
// values an anonymized member's import rows are cleared to.
export { importsRoutes } from './routes.js';
export { FILE_VALUES_CLEARED, startImportPurge } from './retention.js';
