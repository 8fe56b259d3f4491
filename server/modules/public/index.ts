// The public module's door: the self-registration page's API (no login).
export { publicRegistrationRoutes } from './registration.js';
