// The members module's door: its routes (members, ministry workers, self-registrations to
// review) and what other modules read of a member: their congregation, counts, columns.
export { membersRoutes } from './routes.js';
export { ministryWorkersRoutes } from './ministryWorkers.js';
export { registrationsRoutes } from './registrations.js';
export {
  MEMBER_NOT_FOUND,
  assertActiveCongregation,
  congregationNames,
  ensureMemberWritable,
  listCongregations,
  memberCongregation,
  throughMember,
  withCongregationNames,
} from './scope.js';
export {
  type StatusCounts,
  emptyStatusCounts,
  memberStatusCounts,
  memberStatusCountsByCongregation,
} from './counts.js';
export { OTHER_CONGREGATION_DEPARTMENT, customFieldDefinitions, prepareMember } from './write.js';
export { loadMember, memberIdsByName, memberMoves, updateMember } from './repository.js';
// The list's filters, for the audiences built from them (messages, issue 28).
export { applyMemberFilters } from './filters.js';
export { scopedFilter } from './scope.js';
