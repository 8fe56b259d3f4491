// The transfers module's door: its routes, the outgoing transfer a transfer letter opens, and the
// confirmation code printed on that letter.
export { transfersRoutes } from './routes.js';
export { codeOfLetter, openOutgoingTransfer, renewCode } from './service.js';
