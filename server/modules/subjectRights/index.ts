// The data subject's rights module's door: export and anonymization (LGPD).
export { subjectRightsRoutes } from './routes.js';
