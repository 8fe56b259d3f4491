// One spreadsheet row read as a member (issue 14): each mapped cell turned into the value the
// member schema takes (domain/memberImport.ts), cargos, departments and congregations matched by
// name, then the member schema and the custom fields checked as a typed-in member would be.
// What is wrong is said per column, in Portuguese.
import type { Kysely } from 'kysely';
import {
  type CustomFieldDefinition,
  validateCustomFieldValues,
} from '../../../domain/customFields.js';
import { SEDE_ID } from '../../../domain/congregations.js';
import {
  CUSTOM_TARGET_PREFIX,
  IMPORT_FIELD_LABELS,
  type ImportField,
  type LookupKind,
  ValueError,
  headerKey,
  nameKey,
  parseAdmissionType,
  parseCpfDigits,
  parseImportDate,
  parseMarital,
  parsePhone,
  parseSex,
  parseState,
  parseStatus,
  parseYesNo,
  splitNames,
} from '../../../domain/memberImport.js';
import { type MemberInput, memberSchema } from '../../../domain/memberSchema.js';
import { searchText } from '../../../domain/search.js';
import { fieldErrors } from '../../../domain/validation.js';
import type { Database } from '../../db/schema.js';
import { type Scope, canWrite } from '../../http/scope.js';
import { OTHER_CONGREGATION_DEPARTMENT } from '../members/write.js';

/** A record a name stands for: an existing one, or one the import creates. */
export type LookupRef = { id: number } | { create: string };

/** What the user decided for names not found: an id to map to, or 'create'. */
export type LookupChoices = Record<LookupKind, Record<string, number | 'create'>>;

interface LookupEntry {
  id: number;
  name: string;
  congregationId: number | null;
  active: boolean;
}

/** Cargos, departments and congregations by their name as compared (nameKey). */
export interface Lookups {
  positions: Map<string, LookupEntry>;
  departments: Map<string, LookupEntry>;
  congregations: Map<string, LookupEntry>;
  /** Congregations by id (the default, the rights). */
  congregationsById: Map<number, LookupEntry>;
  departmentsById: Map<number, LookupEntry>;
  positionsById: Map<number, LookupEntry>;
}

export async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
  const [positions, departments, congregations] = await Promise.all([
    db.selectFrom('positions').select(['id', 'name']).execute(),
    db.selectFrom('departments').select(['id', 'name', 'congregation_id']).execute(),
    db.selectFrom('congregations').select(['id', 'name', 'active']).execute(),
  ]);
  const byName = (entries: LookupEntry[]) =>
    new Map(entries.map((entry) => [nameKey(entry.name), entry]));
  const position = positions.map((row) => ({
    id: row.id,
    name: row.name,
    congregationId: null,
    active: true,
  }));
  const department = departments.map((row) => ({
    id: row.id,
    name: row.name,
    congregationId: row.congregation_id,
    active: true,
  }));
  const congregation = congregations.map((row) => ({
    id: row.id,
    name: row.name,
    congregationId: row.id,
    active: Boolean(row.active),
  }));
  return {
    positions: byName(position),
    departments: byName(department),
    congregations: byName(congregation),
    congregationsById: new Map(congregation.map((entry) => [entry.id, entry])),
    departmentsById: new Map(department.map((entry) => [entry.id, entry])),
    positionsById: new Map(position.map((entry) => [entry.id, entry])),
  };
}

/** One mapped column: its place in the row, its header, its target. */
export interface PlannedColumn {
  index: number;
  header: string;
  target: string;
}

/** The member as the staged row keeps it (JSON), ready to be written. */
export interface StagedMember {
  member: Omit<MemberInput, 'department_ids' | 'congregation_id' | 'position_id'>;
  congregation_id: number;
  position: LookupRef | null;
  departments: LookupRef[];
  /** The fields the file gave (an update changes only these). */
  given: string[];
}

export interface RowError {
  column: string;
  message: string;
}

export interface ReadRow {
  /** The name as the row writes it, whatever else is wrong (at most 200 characters). */
  name: string | null;
  values: StagedMember | null;
  errors: RowError[];
  keys: {
    cpf: string | null;
    email: string | null;
    phone: string | null;
    name: string | null;
    birth: string | null;
  };
}

/** The names not found, per kind: how many rows name each (the first 500 names). */
export type UnknownNames = Record<LookupKind, Map<string, { name: string; rows: number }>>;

export const newUnknownNames = (): UnknownNames => ({
  positions: new Map(),
  departments: new Map(),
  congregations: new Map(),
});

const MAX_UNKNOWN = 500;

const UNKNOWN_MESSAGES: Record<LookupKind, (name: string) => string> = {
  positions: (name) =>
    `Cargo “${name}” não encontrado: cadastre-o ou associe-o a um cargo existente.`,
  departments: (name) =>
    `Departamento “${name}” não encontrado: cadastre-o ou associe-o a um departamento existente.`,
  congregations: (name) =>
    `Congregação “${name}” não encontrada: associe-a a uma congregação existente.`,
};

const DATE_FIELDS = new Set<ImportField>([
  'birth_date',
  'baptism_date',
  'admission_date',
  'consecration_date',
]);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface RowContext {
  plan: PlannedColumn[];
  lookups: Lookups;
  choices: LookupChoices;
  customFields: CustomFieldDefinition[];
  rights: Scope;
  /** The congregation of rows without one (chosen in the wizard), or null. */
  defaultCongregation: number | null;
  unknown: UnknownNames;
}

function chosen(
  context: RowContext,
  kind: LookupKind,
  name: string,
): LookupRef | { unknown: true } {
  const key = nameKey(name);
  const entry = context.lookups[kind].get(key);
  if (entry) return { id: entry.id };
  for (const [written, choice] of Object.entries(context.choices[kind])) {
    if (nameKey(written) !== key) continue;
    if (choice === 'create') return { create: name.replace(/\s+/g, ' ').trim() };
    return { id: choice };
  }
  const names = context.unknown[kind];
  const seen = names.get(key);
  if (seen) seen.rows++;
  else if (names.size < MAX_UNKNOWN) names.set(key, { name: name.trim(), rows: 1 });
  return { unknown: true };
}

/** A column's header by its target, for errors the schema names by field. */
function columnOf(context: RowContext, field: string): string {
  const target = field.startsWith('custom_fields.')
    ? `${CUSTOM_TARGET_PREFIX}${field.slice('custom_fields.'.length)}`
    : field === 'position_id'
      ? 'position'
      : field === 'department_ids'
        ? 'departments'
        : field === 'congregation_id'
          ? 'congregation'
          : field;
  const column = context.plan.find((planned) => planned.target === target);
  if (column) return column.header;
  if (target.startsWith(CUSTOM_TARGET_PREFIX)) {
    const key = target.slice(CUSTOM_TARGET_PREFIX.length);
    return context.customFields.find((custom) => custom.key === key)?.label ?? field;
  }
  return IMPORT_FIELD_LABELS[target as ImportField] ?? field;
}

function customValue(definition: CustomFieldDefinition, text: string): unknown {
  switch (definition.field_type) {
    case 'date':
      return parseImportDate(text);
    case 'boolean':
      return parseYesNo(text);
    case 'choice': {
      const key = headerKey(text);
      const option = definition.options.find((candidate) => headerKey(candidate) === key);
      if (!option) {
        throw new ValueError(
          `“${text.trim()}” não é uma das opções (${definition.options.join(', ')}).`,
        );
      }
      return option;
    }
    default:
      return text.trim();
  }
}

/**
 * The row's name: the name column's, with the surname column's joined after it (ChurchCRM's
 * "First Name" and "Last Name") unless the name already ends with it. Null when both are empty.
 */
function fullName(cells: string[], plan: PlannedColumn[]): string | null {
  const cell = (target: string) => {
    const column = plan.find((planned) => planned.target === target);
    return column ? (cells[column.index] ?? '').replace(/\s+/g, ' ').trim() : '';
  };
  const first = cell('name');
  const last = cell('last_name');
  if (last === '') return first === '' ? null : first;
  if (first === '') return last;
  return ` ${nameKey(first)}`.endsWith(` ${nameKey(last)}`) ? first : `${first} ${last}`;
}

/** One row of cells read as a member: the values to save, or the errors per column. */
export function readRow(cells: string[], context: RowContext): ReadRow {
  const errors: RowError[] = [];
  const input: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const given: string[] = [];
  let position: LookupRef | null = null;
  const departments: LookupRef[] = [];
  let congregation: number | null = null;
  let congregationNamed = false;

  for (const { index, header, target } of context.plan) {
    const text = (cells[index] ?? '').trim();
    if (text === '') continue;
    try {
      if (target.startsWith(CUSTOM_TARGET_PREFIX)) {
        const key = target.slice(CUSTOM_TARGET_PREFIX.length);
        const definition = context.customFields.find((field) => field.key === key);
        if (!definition) continue;
        custom[key] = customValue(definition, text);
        given.push(target);
        continue;
      }
      const field = target as ImportField;
      if (field === 'last_name') {
        // Joined to the name below; for an update, the name is what the file gives.
        if (!given.includes('name')) given.push('name');
        continue;
      }
      if (field !== 'name' || !given.includes('name')) given.push(field);
      if (DATE_FIELDS.has(field)) input[field] = parseImportDate(text);
      else if (field === 'cpf') input.cpf = parseCpfDigits(text);
      else if (field === 'phone_mobile' || field === 'phone_home') input[field] = parsePhone(text);
      else if (field === 'email') input.email = text.toLowerCase();
      else if (field === 'zip_code') {
        const digits = text.replace(/\D/g, '');
        input.zip_code = /^\d{7}$/.test(text) ? digits.padStart(8, '0') : digits;
      } else if (field === 'state') input.state = parseState(text);
      else if (field === 'marital_status') input.marital_status = parseMarital(text);
      else if (field === 'status') input.status = parseStatus(text);
      else if (field === 'sex') input.sex = parseSex(text);
      else if (field === 'admission_type') input.admission_type = parseAdmissionType(text);
      else if (field === 'holy_spirit_baptism') input.holy_spirit_baptism = parseYesNo(text);
      else if (field === 'position') {
        const found = chosen(context, 'positions', text);
        if ('unknown' in found)
          errors.push({ column: header, message: UNKNOWN_MESSAGES.positions(text) });
        else position = found;
      } else if (field === 'departments') {
        for (const name of splitNames(text)) {
          const found = chosen(context, 'departments', name);
          if ('unknown' in found) {
            errors.push({ column: header, message: UNKNOWN_MESSAGES.departments(name) });
          } else departments.push(found);
        }
      } else if (field === 'congregation') {
        congregationNamed = true;
        const found = chosen(context, 'congregations', text);
        if ('unknown' in found) {
          errors.push({ column: header, message: UNKNOWN_MESSAGES.congregations(text) });
        } else if ('id' in found) congregation = found.id;
      } else input[field] = text;
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      errors.push({ column: header, message: capitalize(error.message) });
    }
  }

  const name = fullName(cells, context.plan);
  if (name !== null) input.name = name;

  // The congregation: the file's, the wizard's default, the only one of the user, the sede.
  if (congregation === null && !congregationNamed) {
    congregation =
      context.defaultCongregation ??
      (context.rights === null ? SEDE_ID : context.rights.length === 1 ? context.rights[0] : null);
    if (congregation === null) {
      errors.push({
        column: columnOf(context, 'congregation_id'),
        message: 'Informe a congregação (na planilha ou a congregação padrão da importação).',
      });
    }
  }
  if (congregation !== null) {
    const entry = context.lookups.congregationsById.get(congregation);
    if (!canWrite(context.rights, congregation)) {
      errors.push({
        column: columnOf(context, 'congregation_id'),
        message: `Você não tem acesso à congregação “${entry?.name ?? congregation}”.`,
      });
    } else if (entry && !entry.active) {
      errors.push({
        column: columnOf(context, 'congregation_id'),
        message: `A congregação “${entry.name}” está inativa.`,
      });
    }
  }
  if (
    congregation !== null &&
    departments.some((ref) => {
      if (!('id' in ref)) return false;
      const department = context.lookups.departmentsById.get(ref.id);
      return department?.congregationId != null && department.congregationId !== congregation;
    })
  ) {
    errors.push({
      column: columnOf(context, 'department_ids'),
      message: OTHER_CONGREGATION_DEPARTMENT,
    });
  }

  const parsed = memberSchema.safeParse({ ...input, congregation_id: null, position_id: null });
  if (!parsed.success) {
    const reported = new Set(errors.map((error) => error.column));
    for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
      const column = columnOf(context, field);
      if (!reported.has(column)) errors.push({ column, message });
    }
  }
  const customCheck = validateCustomFieldValues(context.customFields, custom);
  for (const [field, message] of Object.entries(customCheck.errors)) {
    errors.push({ column: columnOf(context, field), message });
  }

  const keys = { cpf: null, email: null, phone: null, name: null, birth: null };
  if (errors.length > 0 || !parsed.success || congregation === null) {
    return { name: name?.slice(0, 200) ?? null, values: null, errors, keys };
  }
  const {
    department_ids: _departments,
    congregation_id: _congregation,
    position_id: _position,
    ...member
  } = parsed.data;
  member.custom_fields = customCheck.values;
  return {
    name: member.name,
    values: { member, congregation_id: congregation, position, departments, given },
    errors,
    keys: {
      cpf: member.cpf,
      email: member.email,
      phone: member.phone_mobile ?? member.phone_home,
      name: member.birth_date ? searchText(member.name) : null,
      birth: member.birth_date,
    },
  };
}
