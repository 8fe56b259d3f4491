// The EBD module's door (issue 26): classes, enrolment, chamadas, certificates; and the Sunday
// summary the reports module lists.
export { ebdRoutes } from './routes.js';
export { type SummaryRow, sundaySummary } from './summary.js';
