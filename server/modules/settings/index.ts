// The settings module's door: departments, positions, custom fields and church-wide settings.
export { settingsRoutes } from './routes.js';
