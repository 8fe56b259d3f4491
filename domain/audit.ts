// The audit trail's words (issue 13): what was done, to which resource, in which area of the
// church's work. The server writes the codes; the screens show these labels.
import { AUDIT_AREAS, type AuditArea } from './auditAreas';
import { RESOURCES } from './resources';

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
  'reprint',
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
  'close',
  'adjust',
  'deposit',
  'two_factor_start',
  'two_factor_enable',
  'two_factor_disable',
  'two_factor_reset',
  'two_factor_recovery_codes',
  'convert',
  'multiply',
  'receive',
  'reopen',
  'submit',
  'send',
  'confirm',
  'cancel',
  'send_test',
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
  reprint: 'Reimpressão (2ª via)',
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
  close: 'Fechamento',
  adjust: 'Contagem de ajuste aberta',
  deposit: 'Depósito registrado',
  two_factor_start: 'Verificação em duas etapas: configuração iniciada',
  two_factor_enable: 'Verificação em duas etapas ativada',
  two_factor_disable: 'Verificação em duas etapas desativada',
  two_factor_reset: 'Verificação em duas etapas redefinida',
  two_factor_recovery_codes: 'Novos códigos de recuperação',
  convert: 'Visitante tornado membro',
  multiply: 'Multiplicação de célula',
  receive: 'Oferta recebida pela tesouraria',
  reopen: 'Reabertura',
  // A member's own update sent through the self-update link (issue 28).
  submit: 'Atualização enviada pelo membro',
  send: 'Carta enviada',
  confirm: 'Confirmação',
  cancel: 'Cancelamento',
  send_test: 'E-mail de teste enviado',
};

export { AUDIT_AREAS, AUDIT_AREA_LABELS, type AuditArea } from './auditAreas';

/**
 * The resources the trail records, as the church names them, with their area: each registered
 * resource's own (domain/resources.ts `audit`), and the records written through another's
 * routes (a member's consents, imports, sessions, reports, statement files).
 */
const OTHER_AUDITED: Record<string, { label: string; area: AuditArea }> = {
  consents: { label: 'Consentimentos', area: 'members' },
  imports: { label: 'Importações', area: 'members' },
  family_people: { label: 'Pessoas da família', area: 'members' },
  attendances: { label: 'Presenças', area: 'church' },
  cell_levels: { label: 'Níveis das células', area: 'church' },
  ebd_enrolments: { label: 'Matrículas da EBD', area: 'church' },
  sessions: { label: 'Sessões', area: 'access' },
  reports: { label: 'Relatórios', area: 'reports' },
  bank_statements: { label: 'Extratos bancários', area: 'finance' },
  message_settings: { label: 'Configurações de e-mail', area: 'settings' },
  message_deliveries: { label: 'Envios de mensagens', area: 'members' },
  message_opt_outs: { label: 'Descadastros de mensagens', area: 'members' },
};

export const AUDIT_RESOURCES: Record<string, { label: string; area: AuditArea }> =
  Object.fromEntries(
    [
      ...RESOURCES.flatMap((entry) => (entry.audit ? [[entry.api, entry.audit] as const] : [])),
      ...Object.entries(OTHER_AUDITED),
    ].sort(([, a], [, b]) => AUDIT_AREAS.indexOf(a.area) - AUDIT_AREAS.indexOf(b.area)),
  );

export const AUDIT_RESOURCE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(AUDIT_RESOURCES).map(([resource, { label }]) => [resource, label]),
);

/** The area of a resource (an unlisted one counts as settings). */
export const auditAreaOf = (resource: string): AuditArea =>
  AUDIT_RESOURCES[resource]?.area ?? 'settings';

/** Retention of the trail, in years (church setting `audit_retention_years`). */
export const AUDIT_RETENTION = { default: 5, min: 1, max: 20 } as const;

/** An entry of a history, as screens read it: views of one person on one day come as one. */
export interface HistoryItem<T> {
  entry: T;
  /** How many views the item stands for (1 for every other action). */
  views: number;
}

/**
 * A member's Histórico: each opening of the record is one audit entry (the trail keeps every one),
 * but four "Consulta" lines a minute buried the changes. Views by one user on one day (`dayOf`,
 * the church's calendar) become one item at the place of the latest; the rest stay as they are.
 */
export function groupViews<T extends { action: string; userId: number | null; createdAt: string }>(
  entries: T[],
  dayOf: (createdAt: string) => string,
): HistoryItem<T>[] {
  const items: HistoryItem<T>[] = [];
  const byUserDay = new Map<string, HistoryItem<T>>();
  for (const entry of entries) {
    if (entry.action !== 'view') {
      items.push({ entry, views: 1 });
      continue;
    }
    const key = `${entry.userId ?? ''}:${dayOf(entry.createdAt)}`;
    const seen = byUserDay.get(key);
    if (seen) seen.views += 1;
    else {
      const item = { entry, views: 1 };
      byUserDay.set(key, item);
      items.push(item);
    }
  }
  return items;
}
