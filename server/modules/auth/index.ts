// The auth module's door: sign-in, sign-out, token validation and password change.
export { authRoutes } from './routes.js';
