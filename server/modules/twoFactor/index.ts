// Two-factor sign-in for staff (issue 22): the module's door. The routes of one's own second
// factor, the admin's reset and the church's requirement; the sign-in's part (modules/auth), the
// guard's check of the grace period and the CLI's reset use the service through here.
export { twoFactorRoutes } from './routes.js';
export {
  confirmEnrolment,
  resetOther,
  sessionUserOf,
  signInFactorOf,
  spendCode,
  startEnrolment,
} from './service.js';
