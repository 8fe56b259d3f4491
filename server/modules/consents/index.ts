// The consents module's door: consent texts, members' consents and privacy requests.
export { consentsRoutes } from './routes.js';
export { recordFormConsent, recordGrant } from './memberConsents.js';
export { currentVersion, publicConsent, versionShown } from './versions.js';
