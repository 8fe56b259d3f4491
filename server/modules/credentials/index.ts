// The credentials module's door: member cards, issued now or recorded from paper.
export { credentialsRoutes } from './routes.js';
export { revokeActiveCredentials, validityMonths } from './issue.js';
export { recordPaperCredential } from './paper.js';
