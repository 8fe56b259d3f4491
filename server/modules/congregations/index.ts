// The congregations module's door.
export { congregationsRoutes } from './routes.js';
