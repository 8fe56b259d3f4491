// The self-update module's door (issue 28): its routes, the link's creation for other senders
// (the e-mail queue), and what the data subject's rights read and erase.
export { selfUpdatesRoutes } from './routes.js';
export { publicSelfUpdateRoutes } from './publicRoutes.js';
export { createSelfUpdateLink } from './links.js';
export { anonymizeSelfUpdates, subjectSelfUpdates } from './subject.js';
