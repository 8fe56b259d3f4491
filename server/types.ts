import type { Access } from '../domain/access.js';
import type { AppDatabase } from './db/index.js';
import type { Config } from './config.js';
import type { TokenStore } from './plugins/tokens.js';
import type { ApiUser } from './modules/users/index.js';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access | 'public';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route and who may call it (the role matrix tests walk this list). */
    apiRoutes: ApiRoute[];
    config: Config;
    database: AppDatabase;
    tokens: TokenStore;
    /** The user a session names (plugins/guard.ts, from the users module). */
    sessionUser: (email: string) => Promise<ApiUser | undefined>;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth guard on protected routes. */
    user?: ApiUser;
    /** The session client of the request (devise_token_auth `client`). */
    authClient?: string;
  }
  interface FastifyContextConfig {
    /** Who may call the route: 'public' needs no login; otherwise the roles of domain/access. */
    access?: Access | 'public';
    /**
     * The session credentials may come in the body (devise_token_auth's controllers read
     * `params`): the guard then runs once the body is parsed (plugins/guard.ts).
     */
    credentialsInBody?: boolean;
  }
}
