// The users module's door: its routes and the user records sign-in, the guard and the CLI read.
export { usersRoutes } from './routes.js';
export {
  type ApiUser,
  changeOwnPassword,
  createUser,
  findUser,
  findUserByEmail,
  generatePassword,
  insertUser,
  parseRoles,
  setUserPassword,
  toApiUser,
} from './repository.js';
