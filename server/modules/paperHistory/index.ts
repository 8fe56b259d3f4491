// The paper history module's door: importing credentials and letters issued on paper.
export { paperHistoryRoutes } from './routes.js';
