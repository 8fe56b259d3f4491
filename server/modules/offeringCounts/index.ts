// The offering counts module's door (issue 25): the count of a culto's offering, closed into
// incomes through the finance module's door.
export { offeringCountsRoutes } from './routes.js';
