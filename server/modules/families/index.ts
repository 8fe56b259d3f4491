// The families module's door (issue 28): its routes, the children by age the reports list, and
// what the data subject's rights take of a household.
export { familiesRoutes } from './routes.js';
export { type ChildRow, type ChildrenFilter, childrenPage, countChildren } from './children.js';
export { anonymizeFamilyLinks, subjectFamily } from './subject.js';
