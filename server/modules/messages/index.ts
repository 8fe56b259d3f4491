// The messages module's door: its routes, the worker every API process runs and the daily
// birthday greeting.
export { messagesRoutes } from './routes.js';
export { DEFAULT_WORKER, deliverOne, messageIdOf, startMessageWorker } from './worker.js';
export { closeTransports } from './mailer.js';
export { queueBirthdayGreetings, startBirthdayGreetings } from './birthdays.js';
export { claimDelivery, releaseOrphans } from './queue.js';
export { anonymizeDeliveries, messageHistoryOf } from './subjectRights.js';
export { EMAIL_NOT_CONFIGURED, queueMemberEmail } from './direct.js';
