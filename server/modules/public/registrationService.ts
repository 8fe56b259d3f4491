// A self-registration as a pending member: the honeypot, the schema and the custom fields
// checked, repeats of a member (same CPF or e-mail) flagged for the secretary's review.
import type { Kysely } from 'kysely';
import { SEDE_ID } from '../../../domain/congregations.js';
import { publicFormFields, validateCustomFieldValues } from '../../../domain/customFields.js';
import { recordIdOf } from '../../../domain/fields.js';
import {
  type DuplicateReason,
  HONEYPOT_FIELD,
  isMinor,
  registrationSchema,
} from '../../../domain/registration.js';
import { fieldErrors } from '../../../domain/validation.js';
import type { Database } from '../../db/schema.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid } from '../../plugins/errors.js';
import { recordFormConsent, versionShown } from '../consents/index.js';
import { customFieldDefinitions, prepareMember } from '../members/index.js';
import { milestonesFromColumns } from '../../db/milestoneProjection.js';

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

/** The custom fields the church asks newcomers too (definitions only; internal ones stay out). */
export async function publicCustomFields(db: Kysely<Database>) {
  const fields = await customFieldDefinitions(db);
  return publicFormFields(fields).map(({ key, label, field_type, options, required }) => ({
    key,
    label,
    field_type,
    options,
    required,
  }));
}

/**
 * The congregation a registration is filed in (issue 12): the one chosen, which must be active;
 * without a choice, the only active one (or the sede). A message for the field otherwise.
 */
async function registrationCongregation(
  db: Kysely<Database>,
  value: unknown,
): Promise<number | string> {
  const active = await db
    .selectFrom('congregations')
    .select('id')
    .where('active', '=', true)
    .orderBy('id')
    .limit(2)
    .execute();
  if (value === undefined || value === null || value === '') {
    if (active.length > 1) return 'Escolha a sua congregação.';
    return active[0]?.id ?? SEDE_ID;
  }
  const id = recordIdOf(value);
  if (id === null) return 'Congregação inválida: escolha uma da lista.';
  const row = await db
    .selectFrom('congregations')
    .select(['id', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return 'Congregação não encontrada: escolha uma da lista.';
  if (!row.active) return 'Esta congregação não está recebendo cadastros: escolha outra.';
  return row.id;
}

/** Keeps a registration as a pending member, or nothing for a bot; throws 422 in Portuguese. */
export async function submitRegistration(
  db: Kysely<Database>,
  body: unknown,
  actor: Actor,
): Promise<void> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid({ name: 'Informe o nome.' });
  }
  const input = body as Record<string, unknown>;
  // A filled honeypot is a bot: it is told "received" and nothing is kept.
  const honeypot = input[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) {
    return;
  }

  const parsed = registrationSchema.safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const customInput =
    input.custom_fields && typeof input.custom_fields === 'object'
      ? (input.custom_fields as Record<string, unknown>)
      : {};
  // Only the fields of the public form are taken (and required): a value for an internal field
  // ("Dizimista") is not the newcomer's to give, and prepareMember drops it.
  Object.assign(
    errors,
    validateCustomFieldValues(publicFormFields(await customFieldDefinitions(db)), customInput)
      .errors,
  );
  const congregation = await registrationCongregation(db, input.congregation_id);
  if (typeof congregation === 'string') errors.congregation_id = congregation;
  // The consent is to the text the form showed: a version saved meanwhile does not replace it.
  const version = await versionShown(db, parsed.success ? parsed.data.consent_version_id : null);
  if (!version) {
    errors.consent_version_id =
      'Versão do consentimento não encontrada: recarregue a página e confira o texto.';
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);
  const congregationId = congregation as number;

  const {
    consent: _consent,
    consent_version_id: _version,
    guardian_name,
    guardian_consent,
    ...fields
  } = parsed.data;
  const consentVersion = version!;
  const minor = isMinor(fields.birth_date);
  const now = new Date().toISOString();

  const save = async (duplicate: { id: number; reason: DuplicateReason } | null) => {
    // A CPF is unique among members: a repeated one stays with the member who has it,
    // and the review shows the match.
    const cpf = duplicate?.reason === 'cpf' ? null : fields.cpf;
    const { columns } = await prepareMember(db, { ...fields, cpf, status: 'pending' }, undefined, {
      publicForm: true,
    });
    // The registration, its consent record and its audit entry, together (the consent record
    // carries over on approval: the registration is the member row).
    await db.transaction().execute(async (trx) => {
      const values = {
        ...columns,
        congregation_id: congregationId,
        consent_at: now,
        consent_version: String(consentVersion.version),
        guardian_name: minor ? guardian_name : null,
        guardian_consent_at: minor && guardian_consent ? now : null,
        duplicate_of: duplicate?.id ?? null,
        duplicate_reason: duplicate?.reason ?? null,
        created_at: now,
        updated_at: now,
      };
      const { id } = await trx
        .insertInto('members')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await milestonesFromColumns(trx, [id], actor);
      await recordFormConsent(trx, id, {
        versionId: consentVersion.id,
        at: now,
        guardianName: minor ? guardian_name : null,
      });
      // No user: the address and browser the form came from.
      await audit(trx, actor, {
        action: 'received',
        resource: 'members',
        record_id: id,
        after: values,
      });
    });
  };
  try {
    await save(await findDuplicate(db, fields.cpf, fields.email));
  } catch (error) {
    // Two registrations with the same new CPF at once: the second is a duplicate.
    if (!isUniqueViolation(error)) throw error;
    await save(await findDuplicate(db, fields.cpf, fields.email));
  }
}
