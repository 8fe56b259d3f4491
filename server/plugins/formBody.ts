// Form bodies (application/x-www-form-urlencoded) on the session routes: Rails fills the
// devise_token_auth controllers' `params` from them, so clients written for the gem post
// `email=…&password=…`. Registered inside the auth module only: every other route still takes
// JSON alone (415 otherwise).
import type { FastifyInstance } from 'fastify';

/** A sign-in, sign-out or password form is a few fields: 8 KB (a route's own bodyLimit wins). */
export const FORM_BODY_LIMIT = 8 * 1024;

export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // Plain fields; a repeated name counts by its last value, as Rack reads it.
      // Object.fromEntries defines own properties, so "__proto__" is just a field.
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
