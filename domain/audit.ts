// The audit trail's words (issue 13): what was done, to which resource, in which area of the
// church's work. The server writes the codes; the screens show these labels.

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'pay',
  'unpay',
  'deactivate',
  'activate',
  'attach',
  'detach',
  'bulk_update',
  'issue',
  'revoke',
  'approve',
  'reject',
  'received',
  'dismiss',
  'password_change',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'view',
  'export',
  'pdf',
  'purge',
  'record_paper',
  'grant',
  'import',
  'undo_import',
  'reconcile',
  'ignore',
  'unreconcile',
  'anonymize',
  'two_factor_start',
  'two_factor_enable',
  'two_factor_disable',
  'two_factor_reset',
  'two_factor_recovery_codes',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Cadastro',
  update: 'Alteração',
  delete: 'Exclusão',
  pay: 'Pagamento',
  unpay: 'Estorno de pagamento',
  deactivate: 'Desativação',
  activate: 'Reativação',
  attach: 'Comprovante anexado',
  detach: 'Comprovante removido',
  bulk_update: 'Alteração em lote',
  issue: 'Emissão',
  revoke: 'Revogação',
  approve: 'Aprovação',
  reject: 'Recusa',
  received: 'Cadastro recebido',
  dismiss: 'Dispensa',
  password_change: 'Troca de senha',
  sign_in: 'Entrada',
  sign_in_failed: 'Entrada recusada',
  sign_out: 'Saída',
  view: 'Consulta',
  export: 'Exportação',
  pdf: 'PDF',
  purge: 'Limpeza pelo prazo de guarda',
  record_paper: 'Registro de documento em papel',
  grant: 'Consentimento dado',
  import: 'Importação',
  undo_import: 'Importação desfeita',
  reconcile: 'Conciliação',
  ignore: 'Ignorada na conciliação',
  unreconcile: 'Conciliação desfeita',
  anonymize: 'Anonimização',
  two_factor_start: 'Verificação em duas etapas: configuração iniciada',
  two_factor_enable: 'Verificação em duas etapas ativada',
  two_factor_disable: 'Verificação em duas etapas desativada',
  two_factor_reset: 'Verificação em duas etapas redefinida',
  two_factor_recovery_codes: 'Novos códigos de recuperação',
};

/** The areas a resource belongs to: the screen's first filter. */
export const AUDIT_AREAS = [
  'members',
  'settings',
  'users',
  'access',
  'finance',
  'reports',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  members: 'Membros',
  settings: 'Configurações',
  users: 'Usuários',
  access: 'Acessos',
  finance: 'Financeiro',
  reports: 'Relatórios',
};

/** The resources the trail records, as the church names them, with their area. */
export const AUDIT_RESOURCES: Record<string, { label: string; area: AuditArea }> = {
  members: { label: 'Membros', area: 'members' },
  registrations: { label: 'Cadastros pendentes', area: 'members' },
  credentials: { label: 'Credenciais', area: 'members' },
  letters: { label: 'Cartas', area: 'members' },
  consents: { label: 'Consentimentos', area: 'members' },
  imports: { label: 'Importações', area: 'members' },
  departments: { label: 'Departamentos', area: 'settings' },
  positions: { label: 'Cargos', area: 'settings' },
  custom_fields: { label: 'Campos adicionais', area: 'settings' },
  church: { label: 'Dados da igreja', area: 'settings' },
  congregations: { label: 'Congregações', area: 'settings' },
  users: { label: 'Usuários', area: 'users' },
  sessions: { label: 'Sessões', area: 'access' },
  reports: { label: 'Relatórios', area: 'reports' },
  audit_log: { label: 'Registro de auditoria', area: 'settings' },
  consent_versions: { label: 'Textos de consentimento', area: 'settings' },
  privacy_requests: { label: 'Pedidos LGPD', area: 'settings' },
  vendors: { label: 'Fornecedores', area: 'finance' },
  donors: { label: 'Contribuintes', area: 'finance' },
  finance_categories: { label: 'Categorias', area: 'finance' },
  bank_accounts: { label: 'Contas bancárias', area: 'finance' },
  credit_cards: { label: 'Cartões de crédito', area: 'finance' },
  incomes: { label: 'Receitas', area: 'finance' },
  expenses: { label: 'Despesas', area: 'finance' },
  accounts_payable: { label: 'Contas a pagar', area: 'finance' },
  transactions: { label: 'Lançamentos', area: 'finance' },
  bank_statements: { label: 'Extratos bancários', area: 'finance' },
  statement_lines: { label: 'Linhas de extrato', area: 'finance' },
};

export const AUDIT_RESOURCE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(AUDIT_RESOURCES).map(([resource, { label }]) => [resource, label]),
);

/** The area of a resource (an unlisted one counts as settings). */
export const auditAreaOf = (resource: string): AuditArea =>
  AUDIT_RESOURCES[resource]?.area ?? 'settings';

/** Retention of the trail, in years (church setting `audit_retention_years`). */
export const AUDIT_RETENTION = { default: 5, min: 1, max: 20 } as const;
