// The largest body each kind of route reads, in bytes. Fastify refuses a larger one with a 413
// while it arrives (Content-Length or counted), before any parsing: a 1 MB JSON body of `{}`s
// costs tens of MB of heap once parsed, so the routes anyone can call read only a few KB.
export const BODY_LIMITS = {
  /** sign_out and validate_token: no body is expected. */
  none: 1024,
  /** Sign-in and password change: an e-mail and passwords. */
  credentials: 4 * 1024,
  /** The public registration form: its text fields and custom fields, no photo. */
  publicForm: 16 * 1024,
  /** Every other JSON route (signed-in staff). */
  json: 256 * 1024,
  /** A member with its photo (300 KB as base64 plus the thumbnail), or the church with its logo. */
  withImage: 1024 * 1024,
} as const;
