// /api/public/registrations: the self-registration of /meu_cadastro (no login). A registration
// becomes a member with status "pending" for the secretary to review; the LGPD consent's time and
// text version are stored with it. Spam: a honeypot field, a per-IP limit, small bodies.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { validateCustomFieldValues } from '../../../domain/customFields.js';
import {
  CONSENT_VERSION,
  type DuplicateReason,
  HONEYPOT_FIELD,
  isMinor,
  registrationSchema,
} from '../../../domain/registration.js';
import { fieldErrors } from '../../../domain/validation.js';
import { RateLimiter } from '../../plugins/rateLimit.js';
import type { Database } from '../../db/schema.js';
import { invalid } from '../../plugins/errors.js';
import { customFieldDefinitions, prepareMember } from '../members/write.js';

/** Registrations per IP address per hour: a family or a church Wi-Fi, not a script. */
export const REGISTRATIONS_PER_IP = 20;
const WINDOW_MS = 60 * 60 * 1000;
/** The form's whole text fits in a few kilobytes; no photo is sent. */
const BODY_LIMIT = 32 * 1024;

const RECEIVED = {
  success: true,
  message: 'Cadastro recebido! A secretaria da igreja vai conferir seus dados e entrar em contato.',
};

function tooMany(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Muitos cadastros enviados a partir desta conexão. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** The member a registration repeats: same CPF first, then same e-mail. */
async function findDuplicate(
  db: Kysely<Database>,
  cpf: string | null,
  email: string | null,
): Promise<{ id: number; reason: DuplicateReason } | null> {
  if (cpf) {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('cpf', '=', cpf)
      .executeTakeFirst();
    if (row) return { id: row.id, reason: 'cpf' };
  }
  if (email) {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .orderBy('id')
      .executeTakeFirst();
    if (row) return { id: row.id, reason: 'email' };
  }
  return null;
}

const isUniqueViolation = (error: unknown) =>
  /unique/i.test(String((error as { message?: unknown })?.message ?? '')) ||
  (error as { code?: unknown })?.code === '23505';

export async function publicRegistrationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const perIp = new RateLimiter(REGISTRATIONS_PER_IP, WINDOW_MS);

  // The active custom fields, so the public form asks for them too (definitions only).
  app.get('/api/public/custom_fields', { config: { access: 'public' } }, async () => {
    const fields = await customFieldDefinitions(db);
    return fields
      .filter((field) => field.active)
      .map(({ key, label, field_type, options, required }) => ({
        key,
        label,
        field_type,
        options,
        required,
      }));
  });

  app.post(
    '/api/public/registrations',
    { config: { access: 'public' }, bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const wait = perIp.blockedFor(request.ip);
      if (wait > 0) {
        const message = tooMany(wait);
        reply.header('Retry-After', Math.ceil(wait / 1000));
        return reply.code(429).send({ success: false, message, errors: [message] });
      }
      perIp.hit(request.ip);

      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw invalid({ name: 'Informe o nome.' });
      }
      const input = body as Record<string, unknown>;
      // A filled honeypot is a bot: it is told "received" and nothing is kept.
      const honeypot = input[HONEYPOT_FIELD];
      if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) {
        reply.code(201);
        return RECEIVED;
      }

      const parsed = registrationSchema.safeParse(input);
      const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
      const customInput =
        input.custom_fields && typeof input.custom_fields === 'object'
          ? (input.custom_fields as Record<string, unknown>)
          : {};
      Object.assign(
        errors,
        validateCustomFieldValues(await customFieldDefinitions(db), customInput).errors,
      );
      if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);

      const { consent: _consent, guardian_name, guardian_consent, ...fields } = parsed.data;
      const minor = isMinor(fields.birth_date);
      const now = new Date().toISOString();

      const save = async (duplicate: { id: number; reason: DuplicateReason } | null) => {
        // A CPF is unique among members: a repeated one stays with the member who has it,
        // and the review shows the match.
        const cpf = duplicate?.reason === 'cpf' ? null : fields.cpf;
        const { columns } = await prepareMember(db, { ...fields, cpf, status: 'pending' });
        await db
          .insertInto('members')
          .values({
            ...columns,
            consent_at: now,
            consent_version: CONSENT_VERSION,
            guardian_name: minor ? guardian_name : null,
            guardian_consent_at: minor && guardian_consent ? now : null,
            duplicate_of: duplicate?.id ?? null,
            duplicate_reason: duplicate?.reason ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      };
      try {
        await save(await findDuplicate(db, fields.cpf, fields.email));
      } catch (error) {
        // Two registrations with the same new CPF at once: the second is a duplicate.
        if (!isUniqueViolation(error)) throw error;
        await save(await findDuplicate(db, fields.cpf, fields.email));
      }
      reply.code(201);
      return RECEIVED;
    },
  );
}
