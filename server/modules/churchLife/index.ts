// The church life module's door (issue 26): cultos and events, check-in and visitors.
export { churchLifeRoutes } from './routes.js';
export { attendanceFigures } from './figures.js';
// The one attendance engine, for the other groups that meet (cells; issue 26).
export { insertGathering, loadGathering, namedCounts, setGathering } from './gatherings.js';
export { checkInPerson } from './attendances.js';
