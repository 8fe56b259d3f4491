// The dashboard module's door.
export { dashboardRoutes } from './routes.js';
