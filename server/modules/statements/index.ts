// The bank statements module's door: OFX uploads, their lines and reconciliation.
export { statementsRoutes } from './routes.js';
