// The CEP module's door: address lookup by postal code.
export { cepRoutes } from './routes.js';
