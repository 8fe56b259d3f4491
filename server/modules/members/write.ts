// Validating and saving a member: the zod schema, custom fields by type, CPF uniqueness,
// existing position and departments — all refused with field errors in Portuguese.
import type { Kysely, Transaction } from 'kysely';
import {
  type CustomFieldDefinition,
  type CustomFieldType,
  publicFormFields,
  validateCustomFieldValues,
} from '../../../domain/customFields.js';
import { transferStatusError } from '../../../domain/transfers.js';
import { type MemberInput, memberSchema } from '../../../domain/memberSchema.js';
import { fieldErrors } from '../../../domain/validation.js';
import type { Database } from '../../db/schema.js';
import { SEDE_ID } from '../../../domain/congregations.js';
import { type Scope, ensureWritable } from '../../http/scope.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { congregationProblem } from './scope.js';
import { assertNoIssuedDocuments } from './issuedDocuments.js';
import { toColumns } from '../../db/memberColumns.js';

export async function customFieldDefinitions(
  db: Kysely<Database>,
): Promise<CustomFieldDefinition[]> {
  const rows = await db.selectFrom('custom_fields').selectAll().orderBy('sort_order').execute();
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    field_type: row.field_type as CustomFieldType,
    options: JSON.parse(row.options) as string[],
    required: Boolean(row.required),
    active: Boolean(row.active),
    public_form: Boolean(row.public_form),
    visible_to_all: Boolean(row.visible_to_all),
  }));
}

export interface PreparedMember {
  columns: ReturnType<typeof toColumns> & { congregation_id: number };
  departmentIds: number[];
}

export const OTHER_CONGREGATION_DEPARTMENT =
  'Departamento de outra congregação: escolha um de toda a igreja ou da congregação do membro.';

/**
 * The congregation a member is filed in: the one given, or — when none is — the one a user of a
 * single congregation has, the stored one on update, the sede for the whole church (the column's
 * default, as before issue 12). A new or changed congregation must be active and inside the
 * rights (403 outside: a member is never put where the user cannot see it).
 */
async function resolveCongregation(
  db: Kysely<Database>,
  given: number | null,
  errors: Record<string, string>,
  { rights, stored }: { rights: Scope; stored: number | null },
): Promise<number> {
  let id = given ?? stored;
  if (id === null) {
    if (rights === null) id = SEDE_ID;
    else if (rights.length === 1) id = rights[0];
    else {
      errors.congregation_id ??= 'Informe a congregação.';
      return 0;
    }
  }
  if (id !== stored) {
    ensureWritable(rights, id);
    const problem = await congregationProblem(db, id);
    if (problem) errors.congregation_id ??= problem;
  }
  return id;
}

/**
 * Validates a whole member (on update: the stored one merged with the changes). `publicForm`:
 * a self-registration, which gives (and must give) only the fields of the public form.
 */
export async function prepareMember(
  db: Kysely<Database>,
  input: Record<string, unknown>,
  existing?: {
    id: number;
    customFields: Record<string, unknown>;
    congregationId: number;
    /** The stored status: "em transferência" is given and taken only by a transfer. */
    status?: string;
  },
  {
    publicForm = false,
    rights = null,
    missingCustomLater = false,
  }: {
    publicForm?: boolean;
    rights?: Scope;
    /**
     * A pending registration made from data gathered elsewhere (a visitor converted): the
     * required custom fields nobody asked the person are left for the review to complete.
     */
    missingCustomLater?: boolean;
  } = {},
): Promise<PreparedMember> {
  const parsed = memberSchema.safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);

  const all = await customFieldDefinitions(db);
  const definitions = publicForm ? publicFormFields(all) : all;
  const submitted = input.custom_fields;
  const customInput =
    submitted && typeof submitted === 'object' && !Array.isArray(submitted)
      ? (submitted as Record<string, unknown>)
      : {};
  const custom = validateCustomFieldValues(
    missingCustomLater
      ? definitions.filter((field) => customInput[field.key] !== undefined)
      : definitions,
    customInput,
  );
  Object.assign(errors, custom.errors);
  // Values of inactive fields are history: keep them as they were.
  const inactiveKeys = definitions.filter((field) => !field.active).map((field) => field.key);
  const kept = Object.fromEntries(
    Object.entries(existing?.customFields ?? {}).filter(([key]) => inactiveKeys.includes(key)),
  );

  let congregationId = existing?.congregationId ?? SEDE_ID;
  if (parsed.success) {
    const member = parsed.data;
    const statusError = transferStatusError(existing?.status ?? null, member.status);
    if (statusError) errors.status ??= statusError;
    congregationId = await resolveCongregation(db, member.congregation_id, errors, {
      rights,
      stored: existing?.congregationId ?? null,
    });
    if (member.cpf) {
      let query = db.selectFrom('members').select('id').where('cpf', '=', member.cpf);
      if (existing) query = query.where('id', '!=', existing.id);
      if (await query.executeTakeFirst()) errors.cpf ??= 'Já existe um membro com este CPF.';
    }
    if (member.position_id) {
      const position = await db
        .selectFrom('positions')
        .select('id')
        .where('id', '=', member.position_id)
        .executeTakeFirst();
      if (!position) errors.position_id ??= 'Cargo não encontrado.';
    }
    if (member.department_ids.length > 0) {
      const found = await db
        .selectFrom('departments')
        .select(['id', 'congregation_id'])
        .where('id', 'in', member.department_ids)
        .execute();
      if (found.length !== member.department_ids.length) {
        errors.department_ids ??= 'Departamento não encontrado.';
      } else if (
        found.some((d) => d.congregation_id !== null && d.congregation_id !== congregationId)
      ) {
        // A department of one congregation gathers that congregation's members.
        errors.department_ids ??= OTHER_CONGREGATION_DEPARTMENT;
      }
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);

  const { department_ids: departmentIds, ...member } = parsed.data as MemberInput;
  return {
    columns: {
      ...toColumns(member, { ...kept, ...custom.values }),
      congregation_id: congregationId,
    },
    departmentIds,
  };
}

export async function setDepartments(
  trx: Transaction<Database>,
  memberId: number,
  departmentIds: number[],
): Promise<void> {
  await trx.deleteFrom('member_departments').where('member_id', '=', memberId).execute();
  if (departmentIds.length > 0) {
    await trx
      .insertInto('member_departments')
      .values(
        departmentIds.map((departmentId) => ({ member_id: memberId, department_id: departmentId })),
      )
      .execute();
  }
}

/**
 * What still points at a member and blocks its deletion, in words for the secretary.
 * Later features (credentials, donors) add their checks here.
 */
export async function assertMemberDeletable(db: Kysely<Database>, memberId: number) {
  const led = await db
    .selectFrom('departments')
    .select('name')
    .where('leader_id', '=', memberId)
    .execute();
  if (led.length > 0) {
    const names = led.map((department) => `“${department.name}”`).join(', ');
    throw conflict(
      `Este membro lidera ${led.length === 1 ? 'o departamento' : 'os departamentos'} ${names}. ` +
        'Escolha outro líder antes de excluir, ou mude a situação do membro para Inativo.',
    );
  }
  await assertNoIssuedDocuments(db, memberId);
  const received = await db
    .selectFrom('transfers')
    .select('id')
    .where('member_id', '=', memberId)
    .limit(1)
    .executeTakeFirst();
  if (received) {
    throw conflict(
      'Este membro não pode ser excluído: o histórico da secretaria tem uma transferência registrada para este cadastro. ' +
        'Em vez de excluir, mude a situação do membro (por exemplo, Inativo).',
    );
  }
  const donor = await db
    .selectFrom('donors')
    .select('name')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (donor) {
    throw conflict(
      `Este membro está ligado ao contribuinte “${donor.name}” no Financeiro. ` +
        'Desfaça a ligação no cadastro do contribuinte antes de excluir, ou mude a situação do membro para Inativo.',
    );
  }
}
