// The member import module's door.
export { importsRoutes } from './routes.js';
