// The letters module's door: letters issued now or recorded from paper.
export { lettersRoutes } from './routes.js';
export { recordPaperLetter } from './paper.js';
