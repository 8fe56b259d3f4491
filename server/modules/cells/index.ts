// The cells module's door (issue 26): the tree, members, reports and multiplication of cells.
export { cellsRoutes } from './routes.js';
