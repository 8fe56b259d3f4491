// The milestones module's door: the routes (milestones, the member's timeline, certificates)
// and what the data subject's rights reach of them. The projection of the member's columns lives
// a floor below (server/db/milestoneProjection.ts), where every member write reaches it.
export { milestonesRoutes } from './routes.js';
export { anonymizeMilestones, subjectMilestones } from './subjectRights.js';
