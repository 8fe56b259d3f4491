// The church life module's door (issue 26): cultos and events, check-in and visitors.
export { churchLifeRoutes } from './routes.js';
export { attendanceFigures } from './figures.js';
