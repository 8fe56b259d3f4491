// The pending offerings module's door (issues 26 and 25): the offerings taken at the cells and
// the EBD, received by the treasurer as incomes through the finance module's door.
export { pendingOfferingsRoutes } from './routes.js';
export { pendingOfferingService } from './service.js';
