import {
  BANK_ACCOUNT_KIND_LABELS,
  ACCOUNT_KIND_LABELS,
  EXPENSE_STATUS_LABELS,
  PAYABLE_KIND_LABELS,
  PAYABLE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PERSON_TYPE_LABELS,
  TRANSACTION_KIND_LABELS,
} from './finance/labels';
import { RECONCILED_HOW_LABELS, STATEMENT_LINE_STATUS_LABELS } from './finance/statements';
import { CHECKIN_METHOD_LABELS } from './churchLife';
import { CONGREGATION_KIND_LABELS } from './congregations';
import { CONSENT_CHANNEL_LABELS } from './consents';
import { CUSTOM_FIELD_TYPE_LABELS } from './customFields';
import { LETTER_TYPE_LABELS } from './letters';
import { TRANSFER_DIRECTION_LABELS, TRANSFER_STATE_LABELS } from './transfers';
import {
  ADMISSION_TYPE_LABELS,
  MARITAL_STATUS_LABELS,
  MEMBER_STATUS_LABELS,
  SEX_LABELS,
} from './members';
import { PRIVACY_REQUEST_KIND_LABELS, PRIVACY_REQUEST_STATUS_LABELS } from './privacyRequests';
import { DUPLICATE_REASON_LABELS } from './registration';
import { RESOURCES } from './resources';
import {
  CERTIFICATE_KIND_LABELS,
  FAMILY_FIELD_LABELS,
  FAMILY_RELATION_LABELS,
  MILESTONE_KIND_LABELS,
  SELF_UPDATE_STATE_LABELS,
} from './journeyWords';
import { ROLE_LABELS } from './users';

/** A card is active or revoked (its state, valid or expired, is computed, not stored). */
const CREDENTIAL_STATUS_LABELS: Record<string, string> = { active: 'Ativa', revoked: 'Revogada' };

// The Portuguese names of the fields the audit log records (API snake_case names) that several
// resources share or that were named here before a resource could name its own: a resource
// declares its own fields' names beside its zod schema and its registry entry carries them
// (`audit.fields`, domain/resources.ts), collected below, so a new one edits nothing here.
export const FIELD_LABELS: Record<string, string> = {
  id: 'Código',
  name: 'Nome',
  person_type: 'Tipo de pessoa',
  document: 'CPF/CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  zip_code: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  notes: 'Observações',
  pix_key: 'Chave Pix',
  member_id: 'Membro',
  kind: 'Tipo',
  active: 'Ativo',
  is_tithe: 'Categoria de dízimos',
  // The plano de contas and the funds (issue 27).
  fund_id: 'Fundo',
  ledger_account_id: 'Conta contábil',
  bank: 'Banco',
  agency: 'Agência',
  account_number: 'Número da conta',
  opening_balance_cents: 'Saldo inicial',
  opening_date: 'Data do saldo inicial',
  balance_cents: 'Saldo',
  brand: 'Bandeira',
  last_digits: 'Final',
  closing_day: 'Dia de fechamento',
  due_day: 'Dia de vencimento',
  limit_cents: 'Limite',
  description: 'Descrição',
  category_id: 'Categoria',
  donor_id: 'Contribuinte',
  vendor_id: 'Fornecedor',
  amount_cents: 'Valor',
  date: 'Data',
  due_date: 'Vencimento',
  installments: 'Parcelas',
  installment: 'Parcela',
  bank_account_id: 'Conta',
  credit_card_id: 'Cartão',
  payment_method: 'Forma de pagamento',
  paid_on: 'Pago em',
  paid_amount_cents: 'Valor pago',
  status: 'Situação',
  transaction_id: 'Lançamento',
  expense_id: 'Despesa',
  income_id: 'Receita',
  linked_id: 'Lançamento ligado',
  to_account_id: 'Conta de destino',
  closing_date: 'Fechamento',
  receipt: 'Comprovante',
  from_account_id: 'Conta de origem',
  // Bank statements and their reconciliation.
  payable_id: 'Conta a pagar',
  file_name: 'Arquivo',
  line_count: 'Linhas do extrato',
  new_count: 'Linhas novas',
  reconciled_how: 'Forma de conciliação',
  // Members (and the public form's registrations).
  photo: 'Foto',
  congregation_id: 'Congregação',
  sex: 'Sexo',
  birth_date: 'Data de nascimento',
  marital_status: 'Estado civil',
  spouse_name: 'Nome do cônjuge',
  cpf: 'CPF',
  rg: 'RG',
  phone_mobile: 'Celular',
  phone_home: 'Telefone residencial',
  birthplace: 'Naturalidade',
  father_name: 'Nome do pai',
  mother_name: 'Nome da mãe',
  profession: 'Profissão',
  admission_date: 'Data de admissão',
  admission_type: 'Forma de admissão',
  origin_church: 'Igreja de origem',
  baptism_date: 'Data de batismo nas águas',
  holy_spirit_baptism: 'Batizado com o Espírito Santo',
  position_id: 'Cargo',
  consecration_date: 'Data de consagração',
  department_ids: 'Departamentos',
  department_id: 'Departamento',
  consent_at: 'Consentimento em',
  consent_version: 'Versão do consentimento',
  guardian_name: 'Responsável',
  guardian_consent_at: 'Consentimento do responsável em',
  duplicate_of: 'Possível duplicidade com',
  duplicate_reason: 'Motivo da duplicidade',
  credential_expires_on: 'Validade da credencial',
  anonymized_at: 'Anonimizado em',
  // Settings, church, congregations, users.
  ministerial: 'Ministerial',
  sort_order: 'Ordem',
  leader_id: 'Líder',
  cnpj: 'CNPJ',
  pastor_name: 'Pastor presidente',
  treasurer_name: 'Tesoureiro(a)',
  logo: 'Logotipo',
  credential_validity_months: 'Validade da credencial (meses)',
  audit_retention_years: 'Guarda do registro de auditoria (anos)',
  // Two-factor sign-in (issue 22): the church's requirement and a user's state.
  two_factor_required: 'Exigir verificação em duas etapas',
  two_factor_grace_days: 'Prazo para configurar a verificação (dias)',
  // The member's self-update (issue 28): the church's settings.
  self_update_days: 'Validade do link de atualização (dias)',
  self_update_groups: 'Dados que o membro pode atualizar',
  two_factor_enabled: 'Verificação em duas etapas',
  parent_id: 'Vinculada a',
  slug: 'Endereço do link',
  leader_name: 'Dirigente',
  roles: 'Papéis',
  congregation_ids: 'Congregações',
  password_reset: 'Senha redefinida',
  // Credentials and letters.
  issued_on: 'Emitida em',
  expires_on: 'Validade',
  letter_type: 'Tipo de carta',
  destination_church: 'Igreja de destino',
  destination_city: 'Cidade de destino',
  year: 'Ano',
  // Privacy (LGPD): the church's notice, consent texts and records, the requests register.
  dpo_name: 'Encarregado de dados',
  dpo_email: 'E-mail do encarregado',
  privacy_sharing: 'Compartilhamento de dados',
  privacy_retention: 'Prazo de guarda dos dados',
  visible_to_all: 'Visível para todos os perfis',
  version: 'Versão',
  text: 'Texto',
  guardian_text: 'Texto para o responsável',
  consent_version_id: 'Versão do consentimento',
  channel: 'Canal',
  at: 'Data',
  holder_name: 'Titular',
  holder_contact: 'Contato do titular',
  received_on: 'Recebido em',
  due_on: 'Prazo',
  answer: 'Resposta',
  answered_on: 'Respondido em',
  // Church life (issue 26): a check-in names the culto, the visitor and how it was made.
  gathering_id: 'Culto ou evento',
  visitor_id: 'Visitante',
  method: 'Forma da presença',
  time: 'Horário',
  weekday: 'Dia da semana',
};

/** Each API resource's own field names, from the registry. */
const FIELD_LABELS_BY_RESOURCE: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map([
  ...RESOURCES.flatMap((entry) =>
    entry.audit?.fields ? [[entry.api, entry.audit.fields] as const] : [],
  ),
  // The people of a household (issue 28), written through the families' routes.
  ['family_people', FAMILY_FIELD_LABELS] as const,
]);

/** A field's Portuguese name: the resource's own (its registry entry), else the shared one. */
export function fieldLabel(field: string, resource?: string): string | undefined {
  return (
    (resource ? FIELD_LABELS_BY_RESOURCE.get(resource)?.[field] : undefined) ?? FIELD_LABELS[field]
  );
}

/** The words of an entry's details (exports, sign-ins, bulk actions, the purge). */
export const DETAIL_LABELS: Record<string, string> = {
  file: 'Arquivo',
  rows: 'Linhas',
  filter: 'Filtro',
  ids: 'Registros',
  report: 'Relatório',
  email: 'E-mail digitado',
  reason: 'Motivo',
  selected: 'Selecionados',
  setup_checklist: 'Primeiros passos',
  letter_id: 'Carta',
  milestone_id: 'Marco',
  before: 'Anteriores a',
  deleted: 'Entradas apagadas',
  retention_years: 'Guarda (anos)',
  // An anonymization (issue 13): how many records of the member it reached.
  credentials_revoked: 'Credenciais revogadas',
  letters: 'Cartas',
  milestones: 'Marcos',
  consents: 'Registros de consentimento',
  privacy_requests: 'Pedidos LGPD',
  donors: 'Cadastros de contribuinte desvinculados',
  audit_entries: 'Entradas da auditoria anonimizadas',
  // Transfers between churches (issue 28).
  transfer_id: 'Transferência',
  transfers: 'Transferências',
  confirmation: 'Código de confirmação',
  new_code: 'Novo código de confirmação',
  receiving_church: 'Igreja que recebe',
  confirmed_by_name: 'Confirmado por',
  // Two-factor sign-in (issue 22).
  second_factor: 'Segundo fator',
  was_enabled: 'Estava ativada',
};

/** How a sign-in met the second factor (issue 22). */
export const SECOND_FACTOR_LABELS: Record<string, string> = {
  totp: 'Código do aplicativo',
  recovery_code: 'Código de recuperação',
  none: 'Nenhum',
};

/** Why a sign-in was refused. */
export const SIGN_IN_REASON_LABELS: Record<string, string> = {
  unknown_email: 'E-mail não cadastrado',
  wrong_password: 'Senha incorreta',
  inactive: 'Usuário desativado',
  wrong_code: 'Código de verificação incorreto',
  code_reused: 'Código de verificação já usado',
  two_factor_setup_required: 'Verificação em duas etapas não configurada no prazo',
};

/** The words of coded values: by field, and for "kind" and "status" by resource too. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  payment_method: PAYMENT_METHOD_LABELS,
  person_type: PERSON_TYPE_LABELS,
  sex: SEX_LABELS,
  marital_status: MARITAL_STATUS_LABELS,
  admission_type: ADMISSION_TYPE_LABELS,
  letter_type: LETTER_TYPE_LABELS,
  field_type: CUSTOM_FIELD_TYPE_LABELS,
  roles: ROLE_LABELS,
  duplicate_reason: DUPLICATE_REASON_LABELS,
  reconciled_how: RECONCILED_HOW_LABELS,
  channel: CONSENT_CHANNEL_LABELS,
  method: CHECKIN_METHOD_LABELS,
  relation: FAMILY_RELATION_LABELS,
};
const VALUE_LABELS_BY_RESOURCE: Record<string, Record<string, Record<string, string>>> = {
  members: { status: MEMBER_STATUS_LABELS },
  congregations: { kind: CONGREGATION_KIND_LABELS },
  credentials: { status: CREDENTIAL_STATUS_LABELS },
  milestones: { kind: MILESTONE_KIND_LABELS },
  certificates: { kind: CERTIFICATE_KIND_LABELS },
  finance_categories: { kind: ACCOUNT_KIND_LABELS },
  bank_accounts: { kind: BANK_ACCOUNT_KIND_LABELS },
  transactions: { kind: TRANSACTION_KIND_LABELS },
  accounts_payable: { kind: PAYABLE_KIND_LABELS, status: PAYABLE_STATUS_LABELS },
  expenses: { status: EXPENSE_STATUS_LABELS },
  statement_lines: { status: STATEMENT_LINE_STATUS_LABELS },
  privacy_requests: { kind: PRIVACY_REQUEST_KIND_LABELS, status: PRIVACY_REQUEST_STATUS_LABELS },
  self_updates: { review_status: SELF_UPDATE_STATE_LABELS },
  transfers: { state: TRANSFER_STATE_LABELS, direction: TRANSFER_DIRECTION_LABELS },
};

export function valueLabels(
  resource: string | undefined,
  field: string,
): Record<string, string> | undefined {
  return (
    (resource ? VALUE_LABELS_BY_RESOURCE[resource]?.[field] : undefined) ?? VALUE_LABELS[field]
  );
}
