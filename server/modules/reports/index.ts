// The reports module's door: its routes and the figures the dashboard shows too.
export { reportsRoutes } from './routes.js';
export { congregationsInView } from './congregations.js';
export { countExpiringCredentials } from './expiringCredentials.js';
