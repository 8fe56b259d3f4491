// The member import (issue 14): the columns a church's spreadsheet may have, recognised by their
// headers (accents, case and punctuation ignored), and the values as churches write them turned
// into what the member schema takes: dates DD/MM/AAAA or Excel serial numbers, phones and CPF in
// any punctuation, "Sim/Não", marital and status words in Portuguese.
import { isIsoDate } from './dates';
import {
  type MaritalStatus,
  type MemberStatus,
  ADMISSION_TYPES,
  ADMISSION_TYPE_LABELS,
  UFS,
} from './members';
import { searchText } from './search';

/** A column's target: a member field, one of the names matched to a record, or a custom field. */
export const IMPORT_FIELDS = [
  'name',
  'last_name',
  'birth_date',
  'cpf',
  'rg',
  'sex',
  'phone_mobile',
  'phone_home',
  'email',
  'zip_code',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'marital_status',
  'spouse_name',
  'father_name',
  'mother_name',
  'birthplace',
  'profession',
  'baptism_date',
  'holy_spirit_baptism',
  'admission_date',
  'admission_type',
  'origin_church',
  'consecration_date',
  'position',
  'departments',
  'congregation',
  'status',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A custom field as a target: `custom:<key>`. */
export const CUSTOM_TARGET_PREFIX = 'custom:';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Nome',
  last_name: 'Sobrenome (junta-se ao nome)',
  birth_date: 'Data de nascimento',
  cpf: 'CPF',
  rg: 'RG',
  sex: 'Sexo',
  phone_mobile: 'Celular',
  phone_home: 'Telefone',
  email: 'E-mail',
  zip_code: 'CEP',
  street: 'Endereço',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  marital_status: 'Estado civil',
  spouse_name: 'Cônjuge',
  father_name: 'Pai',
  mother_name: 'Mãe',
  birthplace: 'Naturalidade',
  profession: 'Profissão',
  baptism_date: 'Data de batismo',
  holy_spirit_baptism: 'Batismo no Espírito Santo',
  admission_date: 'Data de admissão',
  admission_type: 'Forma de admissão',
  origin_church: 'Igreja de origem',
  consecration_date: 'Data de consagração',
  position: 'Cargo',
  departments: 'Departamento(s)',
  congregation: 'Congregação',
  status: 'Situação',
  notes: 'Observações',
};

/** A header as compared: lowercase, no accents, "(s)"/"(a)" dropped, punctuation as spaces. */
export function headerKey(header: string): string {
  return searchText(header)
    .replace(/\((s|a|o|es)\)/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The headers churches use for each field (compared by headerKey).
const HEADER_ALIASES: Record<ImportField, string[]> = {
  name: [
    'nome',
    'nome completo',
    'membro',
    'nome do membro',
    'primeiro nome',
    'prenome',
    'first name',
    'firstname',
    'given name',
    'full name',
  ],
  // A surname column (ChurchCRM's "Last Name", "Sobrenome") is joined to the name.
  last_name: [
    'sobrenome',
    'sobrenomes',
    'ultimo nome',
    'nome de familia',
    'last name',
    'lastname',
    'surname',
    'family name',
  ],
  birth_date: [
    'birth date',
    'birthdate',
    'date of birth',
    'data de nascimento',
    'nascimento',
    'data nascimento',
    'dt nascimento',
    'dt nasc',
    'data de nasc',
    'nasc',
  ],
  cpf: ['cpf', 'n cpf', 'numero do cpf'],
  rg: ['rg', 'identidade', 'carteira de identidade'],
  sex: ['sexo', 'genero', 'gender'],
  phone_mobile: [
    'celular',
    'whatsapp',
    'whats',
    'telefone celular',
    'cel',
    'fone celular',
    'celular whatsapp',
    'whatsapp celular',
    'cell phone',
    'mobile phone',
    'mobile',
  ],
  phone_home: ['telefone', 'fone', 'telefone fixo', 'telefone residencial', 'tel', 'home phone'],
  email: [
    'e mail',
    'email',
    'correio eletronico',
    'endereco de e mail',
    'endereco de email',
    'endereco eletronico',
  ],
  zip_code: ['cep', 'zip', 'zip code', 'postal code'],
  street: ['endereco', 'rua', 'logradouro', 'address', 'address 1', 'address1'],
  number: ['numero', 'n', 'no', 'num', 'nro'],
  complement: ['complemento'],
  district: ['bairro'],
  city: ['cidade', 'municipio', 'city'],
  state: ['uf', 'estado', 'state'],
  marital_status: ['estado civil'],
  spouse_name: ['conjuge', 'nome do conjuge', 'esposo', 'esposa'],
  father_name: ['pai', 'nome do pai'],
  mother_name: ['mae', 'nome da mae'],
  birthplace: ['naturalidade'],
  profession: ['profissao', 'ocupacao'],
  baptism_date: ['data de batismo', 'batismo', 'data do batismo', 'batizado em'],
  holy_spirit_baptism: [
    'batismo no espirito santo',
    'batizado no espirito santo',
    'batismo com o espirito santo',
  ],
  admission_date: ['data de admissao', 'admissao', 'data de entrada', 'membro desde'],
  admission_type: ['forma de admissao', 'tipo de admissao'],
  origin_church: ['igreja de origem', 'igreja anterior'],
  consecration_date: ['data de consagracao', 'consagracao'],
  position: ['cargo', 'funcao', 'cargo ministerial'],
  departments: ['departamento', 'departamentos', 'ministerio', 'ministerios'],
  congregation: ['congregacao', 'igreja', 'congregacoes'],
  status: ['situacao', 'status'],
  notes: ['observacoes', 'observacao', 'obs'],
};

const FIELD_BY_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) =>
    HEADER_ALIASES[field].map((alias) => [headerKey(alias), field] as const),
  ),
);
for (const field of IMPORT_FIELDS)
  FIELD_BY_HEADER.set(headerKey(IMPORT_FIELD_LABELS[field]), field);

/**
 * The mapping the wizard starts from: each header to the field it names (a custom field by its
 * label), or '' to ignore it. A field claimed by an earlier column is not given twice.
 */
export function suggestMapping(
  headers: string[],
  customFields: ReadonlyArray<{ key: string; label: string }>,
): Record<string, string> {
  const custom = new Map(customFields.map((field) => [headerKey(field.label), field.key]));
  const taken = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const key = headerKey(header);
    // "Celular (WhatsApp)", as forms write a question with a hint: also without the hint.
    const bare = headerKey(header.replace(/\([^)]*\)/g, ' '));
    const targetOf = (text: string) =>
      FIELD_BY_HEADER.get(text) ??
      (custom.has(text) ? `${CUSTOM_TARGET_PREFIX}${custom.get(text)}` : '');
    const found = targetOf(key) || targetOf(bare);
    mapping[header] = found && !taken.has(found) ? found : '';
    if (found) taken.add(found);
  }
  return mapping;
}

/** Whether `target` is a field or a custom field among `customKeys`. */
export function isImportTarget(target: string, customKeys: ReadonlySet<string>): boolean {
  if (target.startsWith(CUSTOM_TARGET_PREFIX)) {
    return customKeys.has(target.slice(CUSTOM_TARGET_PREFIX.length));
  }
  return (IMPORT_FIELDS as readonly string[]).includes(target);
}

/** A sheet's summary line ("TOTAL DE MEMBROS: 12", "Total;12"): its first cell's word. */
const SUMMARY = /^(total|totais|subtotal|soma|quantidade|qtd|qtde)( |$)/;

/**
 * Whether a row is a summary a secretary wrote under the list, not a member: at most two
 * cells filled, the first starting with "Total", "Soma" or "Quantidade".
 */
export function isSummaryRow(cells: readonly string[]): boolean {
  let first: string | null = null;
  let filled = 0;
  for (const cell of cells) {
    if (cell.trim() === '') continue;
    if (++filled > 2) return false;
    first ??= cell;
  }
  // (Every row is asked: the words are compared only for a row that may be one.)
  return first !== null && /^\s*[tsq]/i.test(first) && SUMMARY.test(headerKey(first));
}

// ---- values ----

/** A value that could not be read: the message names what is wrong (the column is added). */
export class ValueError extends Error {}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;
const SERIAL = /^\d{1,5}(?:[.,]\d+)?$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const pad = (value: number | string) => String(value).padStart(2, '0');

/**
 * A date as the spreadsheet has it → YYYY-MM-DD: DD/MM/AAAA (also with "-" or "."), AAAA-MM-DD,
 * or an Excel serial number (days since 30/12/1899, as Excel stores a date cell).
 */
export function parseImportDate(text: string): string {
  const value = text.trim();
  let iso: string | null = null;
  const dmy = DMY.exec(value);
  const ymd = YMD.exec(value);
  if (dmy) iso = `${dmy[3]}-${pad(dmy[2])}-${pad(dmy[1])}`;
  else if (ymd) iso = `${ymd[1]}-${pad(ymd[2])}-${pad(ymd[3])}`;
  else if (SERIAL.test(value)) {
    const serial = Math.floor(Number(value.replace(',', '.')));
    // 1 = 01/01/1900; 60 is Excel's 29/02/1900, which never was.
    if (serial >= 1 && serial !== 60 && serial < 2958466) {
      const days = serial < 60 ? serial + 1 : serial;
      iso = new Date(EXCEL_EPOCH + days * 86_400_000).toISOString().slice(0, 10);
    }
  }
  if (!iso || !isIsoDate(iso)) {
    throw new ValueError(`data “${value}” inválida: use DD/MM/AAAA.`);
  }
  return iso;
}

/** Phone digits: punctuation, a leading 0 (operator code aside) and +55 dropped. */
export function parsePhone(text: string): string {
  let digits = text.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  if (digits.length !== 10 && digits.length !== 11) {
    throw new ValueError(`telefone “${text.trim()}” inválido: informe DDD e número.`);
  }
  return digits;
}

/** CPF digits; a CPF saved by Excel as a number lost its leading zeros: they are put back. */
export function parseCpfDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 8 && digits.length < 11 && /^\d+(?:\.0+)?$/.test(text.trim())) {
    return digits.padStart(11, '0');
  }
  return digits;
}

const YES = new Set(['sim', 's', 'x', 'yes', 'y', 'true', 'verdadeiro', 'v', '1']);
const NO = new Set(['nao', 'n', 'no', 'false', 'falso', 'f', '0']);

export function parseYesNo(text: string): boolean {
  const key = searchText(text);
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  throw new ValueError(`“${text.trim()}” não é Sim ou Não.`);
}

const MARITAL: Record<string, MaritalStatus> = {
  solteiro: 'single',
  solteira: 'single',
  casado: 'married',
  casada: 'married',
  'uniao estavel': 'married',
  divorciado: 'divorced',
  divorciada: 'divorced',
  separado: 'divorced',
  separada: 'divorced',
  desquitado: 'divorced',
  desquitada: 'divorced',
  viuvo: 'widowed',
  viuva: 'widowed',
};

/** Marital words in either gender, "Casado(a)", or the stored values. */
export function parseMarital(text: string): MaritalStatus {
  const key = headerKey(text);
  const found =
    MARITAL[key] ??
    (['single', 'married', 'divorced', 'widowed'].includes(key) ? (key as MaritalStatus) : null);
  if (!found) {
    throw new ValueError(
      `estado civil “${text.trim()}” não reconhecido: use Solteiro, Casado, Divorciado ou Viúvo.`,
    );
  }
  return found;
}

const STATUS: Record<string, MemberStatus> = {
  ativo: 'active',
  ativa: 'active',
  inativo: 'inactive',
  inativa: 'inactive',
  afastado: 'inactive',
  afastada: 'inactive',
  disciplinado: 'disciplined',
  disciplinada: 'disciplined',
  'em disciplina': 'disciplined',
  transferido: 'transferred',
  transferida: 'transferred',
  falecido: 'deceased',
  falecida: 'deceased',
  pendente: 'pending',
};

export function parseStatus(text: string): MemberStatus {
  const key = headerKey(text);
  const found = STATUS[key];
  if (!found) {
    throw new ValueError(
      `situação “${text.trim()}” não reconhecida: use Ativo, Inativo, Disciplinado, Transferido, Falecido ou Pendente.`,
    );
  }
  return found;
}

export function parseSex(text: string): 'M' | 'F' {
  const key = headerKey(text);
  if (['m', 'masculino', 'masc', 'homem', 'male'].includes(key)) return 'M';
  if (['f', 'feminino', 'fem', 'mulher', 'female'].includes(key)) return 'F';
  throw new ValueError(`sexo “${text.trim()}” não reconhecido: use Masculino ou Feminino.`);
}

const STATE_NAMES: Record<string, string> = {
  acre: 'AC',
  alagoas: 'AL',
  amapa: 'AP',
  amazonas: 'AM',
  bahia: 'BA',
  ceara: 'CE',
  'distrito federal': 'DF',
  'espirito santo': 'ES',
  goias: 'GO',
  maranhao: 'MA',
  'mato grosso': 'MT',
  'mato grosso do sul': 'MS',
  'minas gerais': 'MG',
  para: 'PA',
  paraiba: 'PB',
  parana: 'PR',
  pernambuco: 'PE',
  piaui: 'PI',
  'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN',
  'rio grande do sul': 'RS',
  rondonia: 'RO',
  roraima: 'RR',
  'santa catarina': 'SC',
  'sao paulo': 'SP',
  sergipe: 'SE',
  tocantins: 'TO',
};

/** A UF by its letters or the state's name. */
export function parseState(text: string): string {
  const upper = text.trim().toUpperCase();
  if ((UFS as readonly string[]).includes(upper)) return upper;
  const byName = STATE_NAMES[headerKey(text)];
  if (byName) return byName;
  throw new ValueError(`UF “${text.trim()}” inválida: use a sigla do estado (SP, MG…).`);
}

export function parseAdmissionType(text: string): (typeof ADMISSION_TYPES)[number] {
  const key = headerKey(text);
  for (const type of ADMISSION_TYPES) {
    if (headerKey(ADMISSION_TYPE_LABELS[type]) === key || type === key) return type;
  }
  if (key === 'carta' || key === 'transferencia') return 'transfer_letter';
  throw new ValueError(
    `forma de admissão “${text.trim()}” não reconhecida: use Batismo, Carta de transferência ou Aclamação.`,
  );
}

/** The names in a "Departamento(s)" cell: separated by ",", ";", "|" or line breaks. */
export function splitNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;|\n]+/)
        .map((name) => name.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    ),
  ];
}

/** A name as matched against cargos, departments and congregations. */
export const nameKey = (name: string) => headerKey(name);

// ---- what the API answers ----

export const DUPLICATE_ACTIONS = ['skip', 'update', 'create'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const DUPLICATE_ACTION_LABELS: Record<DuplicateAction, string> = {
  skip: 'Pular',
  update: 'Atualizar o membro existente',
  create: 'Cadastrar mesmo assim',
};

/**
 * A duplicate among members the user may not change (another congregation's): said without
 * naming the member, and never updated by the import.
 */
export const OUTSIDE_DUPLICATE = 'Já existe fora das suas congregações';

export const DUPLICATE_KINDS = ['cpf', 'name_birth', 'email', 'phone'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];
export const DUPLICATE_KIND_LABELS: Record<DuplicateKind, string> = {
  cpf: 'mesmo CPF',
  name_birth: 'mesmo nome e data de nascimento',
  email: 'mesmo e-mail',
  phone: 'mesmo telefone',
};

export const IMPORT_STATUSES = [
  'checked',
  'running',
  'done',
  'failed',
  'undone',
  'partly_undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  checked: 'Simulação',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
  undone: 'Desfeita',
  partly_undone: 'Desfeita em parte',
};

/** The kinds of names matched to records, as the API lists the unknown ones. */
export const LOOKUP_KINDS = ['positions', 'departments', 'congregations'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** How long an import can be undone (and its rows kept), in days. */
export const IMPORT_UNDO_DAYS = 30;
