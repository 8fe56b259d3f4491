// The church life module's door (issue 26): cultos and events, check-in and visitors.
export { churchLifeRoutes } from './routes.js';
export { attendanceFigures } from './figures.js';
// The one attendance engine, for the other groups that meet: cells and the EBD's chamadas (a
// gathering of kind 'cell' per report, of kind 'ebd' per class and day; issue 26).
export {
  insertGathering,
  loadGathering,
  namedCounts,
  openGatheringOnce,
  setGathering,
  writeGathering,
} from './gatherings.js';
export { checkInPerson } from './attendances.js';
export { dailyPresenceFold, foldPresence, startPresenceFold } from './presenceFold.js';
