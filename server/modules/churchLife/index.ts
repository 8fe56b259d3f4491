// The church life module's door (issue 26): cultos and events, check-in and visitors.
export { churchLifeRoutes } from './routes.js';
export { attendanceFigures } from './figures.js';
// The engine the EBD's chamadas run on (a gathering of kind 'ebd' per class and day).
export { namedCounts, openGatheringOnce } from './gatherings.js';
