// The resource registry: one entry per resource, read by the app's routes and menu, the
// data provider (screen name -> API name) and the server's authorization.
import type { AssignmentKind } from './assignments';
import type { AuditArea } from './auditAreas';
import { FAMILY_FIELD_LABELS } from './journeyWords';
import {
  ADMIN_ONLY,
  ANY_USER,
  type Access,
  FINANCIAL_ACCESS,
  GROUP_ACCESS,
  SECRETARY_ACCESS,
  STAFF_ACCESS,
} from './roles';

export type MenuGroup = 'members' | 'church' | 'reports' | 'settings' | 'finance';

export interface ResourceEntry {
  /** react-admin resource name: the screen path without the leading slash. */
  name: string;
  /** API resource under /api. */
  api: string;
  /** Who may read it through the API. */
  read: Access;
  /** Who may change it through the API, and open its create and edit forms. */
  write: Access;
  /** Who may open its screens, when fewer than those who read it (default: read). */
  screen?: Access;
  /**
   * Who reads the whole record, when fewer than those who read it (issue 13, least access): the
   * other readers get the reduced record (domain/memberAccess.ts), decided by the server.
   */
  detail?: Access;
  /**
   * Who may anonymize a record at its data subject's request (LGPD art. 18, issue 13): the
   * identity erased for good, the books kept. Absent: nobody.
   */
  anonymize?: Access;
  menu: MenuGroup | null;
  /**
   * A resource a líder reaches only through an assignment of this kind (issue 26: a culto's
   * check-in he hosts): his menu shows it while he has one, the server refuses it otherwise (403).
   */
  assigned?: AssignmentKind;
  /**
   * The menu's words for the resource when they are not the trail's name (`audit.label`): the
   * menu is drawn before the screens' texts load (src/i18n), so it reads them here.
   */
  menuLabel?: string;
  /** Which of the Portuguese child routes exist (SPEC §2). */
  routes: { create: boolean; show: boolean; edit: boolean };
  /** One record edited in place (GET/PUT /api/<api>), not a list. */
  singleton?: boolean;
  /**
   * How the audit trail names the resource and the area its screen filters it under
   * (domain/audit.ts); absent for views nobody writes (their reads are audited elsewhere).
   * `fields`: the Portuguese names of its own fields (API snake_case), declared beside its zod
   * schema; the shared ones (name, notes, …) come from domain/auditFieldLabels.ts.
   */
  audit?: { label: string; area: AuditArea; fields?: Readonly<Record<string, string>> };
  /**
   * Its records belong to the whole church, none to a congregation (settings, church-wide
   * parties): the congregation scope has nothing to narrow on its routes (the scope test reads it).
   */
  churchWide?: boolean;
  /**
   * A record its create and update accept, for a resource of plain simple-rest routes: the tests
   * that walk every write (the audit trail's) create, change and delete one with it.
   */
  example?: Readonly<Record<string, unknown>>;
}

const NOBODY: Access = [];

/** The Portuguese segments of the create and edit forms (SPEC §2): /r/cadastrar, /r/:id/editar. */
export const CREATE_SEGMENT = 'cadastrar';
export const EDIT_SEGMENT = 'editar';

/** A finance resource: financial access to read and write, in the Financeiro menu. */
function finance(
  name: string,
  api: string,
  label: string,
  routes: ResourceEntry['routes'],
  more: Pick<ResourceEntry, 'churchWide' | 'example' | 'menuLabel'> = {},
): ResourceEntry {
  return {
    name,
    api,
    audit: { label, area: 'finance' },
    read: FINANCIAL_ACCESS,
    write: FINANCIAL_ACCESS,
    menu: 'finance',
    routes,
    ...more,
  };
}

export const RESOURCES: readonly ResourceEntry[] = [
  {
    name: 'membros',
    api: 'members',
    audit: { label: 'Membros', area: 'members' },
    read: STAFF_ACCESS,
    write: SECRETARY_ACCESS,
    // Whole records, and the data subject's export (GET /api/members/{id}/data_export).
    detail: SECRETARY_ACCESS,
    anonymize: ADMIN_ONLY,
    menu: 'members',
    routes: { create: true, show: true, edit: true },
  },
  {
    name: 'obreiros',
    api: 'ministry_workers',
    read: STAFF_ACCESS,
    write: NOBODY,
    detail: SECRETARY_ACCESS,
    menu: 'members',
    menuLabel: 'Obreiros',
    routes: { create: false, show: false, edit: false },
  },
  // Self-registrations waiting for the secretary (members with status "pending").
  {
    name: 'membros/pendentes',
    api: 'registrations',
    audit: { label: 'Cadastros pendentes', area: 'members' },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'members',
    routes: { create: false, show: false, edit: false },
  },
  // The member's self-update (issue 28): links made on the member's page, the submissions
  // waiting for the secretary listed here and reviewed on the member's page.
  {
    name: 'membros/atualizacoes',
    api: 'self_updates',
    audit: {
      label: 'Atualizações de cadastro',
      area: 'members',
      fields: { expires_at: 'Válido até', revoked_at: 'Revogado em', review_status: 'Conferência' },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'members',
    menuLabel: 'Atualizações de cadastro',
    routes: { create: false, show: false, edit: false },
  },
  // Member cards and letters: issued from the member's page, listed in the reports; no screen.
  {
    name: 'credenciais',
    api: 'credentials',
    audit: { label: 'Credenciais', area: 'members' },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: null,
    routes: { create: false, show: false, edit: false },
  },
  {
    name: 'cartas',
    api: 'letters',
    audit: { label: 'Cartas', area: 'members' },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: null,
    routes: { create: false, show: false, edit: false },
  },
  // Transfers between churches (issue 28): outgoing (opened by a transfer letter) and incoming.
  {
    name: 'membros/transferencias',
    api: 'transfers',
    audit: {
      label: 'Transferências',
      area: 'members',
      fields: {
        state: 'Situação da transferência',
        direction: 'Sentido',
        receiving_church: 'Igreja que recebe',
        confirmed_by_name: 'Confirmado por',
        origin_church: 'Igreja de origem',
        origin_city: 'Cidade de origem',
        letter_number: 'Número da carta',
        letter_date: 'Data da carta',
        letter_id: 'Carta',
      },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'members',
    menuLabel: 'Transferências',
    routes: { create: false, show: false, edit: false },
  },
  // Famílias (issue 28): households of members and relatives, kept on the member's page (no
  // screen of their own: NOBODY opens /familias). Personal data: secretary access, scoped.
  {
    name: 'familias',
    api: 'families',
    audit: { label: 'Famílias', area: 'members', fields: FAMILY_FIELD_LABELS },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    screen: NOBODY,
    menu: null,
    routes: { create: false, show: false, edit: false },
  },
  // Marcos and certificados (issue 28): on the member's page (the timeline); the certificates'
  // screen prints a baptism service's batch.
  {
    name: 'membros/marcos',
    api: 'milestones',
    audit: {
      label: 'Marcos',
      area: 'members',
      fields: {
        kind: 'Tipo de marco',
        date: 'Data',
        place: 'Local',
        officiant_name: 'Oficiante',
        officiant_member_id: 'Oficiante (membro)',
        spouse_name: 'Cônjuge',
      },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: null,
    routes: { create: false, show: false, edit: false },
  },
  {
    name: 'membros/certificados',
    api: 'certificates',
    audit: {
      label: 'Certificados',
      area: 'members',
      fields: { kind: 'Certificado', year: 'Ano', number: 'Número' },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'members',
    menuLabel: 'Certificados',
    routes: { create: false, show: false, edit: false },
  },
  // Church life (issue 26): cultos and events with check-in, recurring cultos, visitors. Personal
  // data of members and visitors: secretary access, inside the user's congregations; the finance
  // role has no need of who came to a culto.
  {
    name: 'igreja/cultos',
    api: 'gatherings',
    audit: {
      label: 'Cultos e eventos',
      area: 'church',
      fields: {
        worship_service_id: 'Culto recorrente',
        count_members: 'Membros (contagem)',
        count_visitors: 'Visitantes (contagem)',
        count_children: 'Crianças (contagem)',
      },
    },
    // A líder opens the occurrences of the cultos whose check-in he hosts (the server narrows
    // him: domain/assignments.ts) and does their check-in.
    read: GROUP_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'church',
    assigned: 'worship_service',
    routes: { create: true, show: true, edit: false },
  },
  {
    name: 'igreja/horarios',
    api: 'worship_services',
    audit: {
      label: 'Horários de culto',
      area: 'church',
      fields: { host_ids: 'Anfitriões do check-in' },
    },
    // A líder reads the cultos he hosts (to open today's), from the cultos' screen; the
    // schedule's own screens are the office's.
    read: GROUP_ACCESS,
    screen: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'church',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'igreja/visitantes',
    api: 'visitors',
    audit: {
      label: 'Visitantes',
      area: 'church',
      fields: {
        first_visit: 'Primeira visita',
        contact_consent: 'Aceita ser contatado',
        invited_by_id: 'Convidado por',
      },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    anonymize: ADMIN_ONLY,
    menu: 'church',
    routes: { create: false, show: true, edit: true },
  },
  // Messages (issue 28): e-mail and WhatsApp messages to an audience of members and visitors,
  // each with its per-person log. Personal data: secretary access, inside the congregations.
  {
    name: 'mensagens',
    api: 'messages',
    audit: {
      label: 'Mensagens',
      area: 'members',
      fields: { channel: 'Canal', subject: 'Assunto', body: 'Mensagem' },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'members',
    routes: { create: true, show: true, edit: false },
  },
  // Células (issue 26): the tree of each congregation, kept by the secretary; a líder reads the
  // cells he leads or co-leads (the server narrows him: domain/assignments.ts) and reports them.
  {
    name: 'igreja/celulas',
    api: 'cells',
    audit: { label: 'Células', area: 'church' },
    read: GROUP_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'church',
    routes: { create: true, show: true, edit: true },
  },
  // Consolidação (issue 26): each consenting visitor's follow-up steps ("Minhas tarefas", the
  // overdue list) and the church's pipeline of stages, reached from the consolidação screen.
  {
    name: 'igreja/consolidacao',
    api: 'followups',
    audit: {
      label: 'Consolidação',
      area: 'church',
      fields: { owner_id: 'Responsável', note: 'Observação' },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'church',
    menuLabel: 'Minhas tarefas',
    routes: { create: false, show: false, edit: false },
  },
  {
    name: 'igreja/etapas',
    api: 'followup_stages',
    audit: {
      label: 'Etapas da consolidação',
      area: 'church',
      fields: { due_days: 'Prazo (dias)' },
    },
    read: SECRETARY_ACCESS,
    write: SECRETARY_ACCESS,
    menu: null,
    routes: { create: true, show: false, edit: true },
    churchWide: true,
    example: { name: 'Célula', due_days: 30, sort_order: 50 },
  },
  // The EBD (issue 26): classes per congregation and trimestre, with teachers and enrolment; each
  // Sunday's chamada of a class is a gathering of kind 'ebd' (its own screen, no list). A líder
  // (issue 26) opens the classes he teaches and takes their chamadas.
  {
    name: 'igreja/ebd',
    api: 'ebd_classes',
    audit: {
      label: 'Turmas da EBD',
      area: 'church',
      fields: {
        year: 'Ano',
        quarter: 'Trimestre',
        age_group: 'Faixa etária',
        age_min: 'Idade mínima',
        age_max: 'Idade máxima',
        magazine: 'Revista',
        teacher_ids: 'Professores',
      },
    },
    // A líder reads the classes he teaches (the server narrows him: domain/assignments.ts).
    read: GROUP_ACCESS,
    write: SECRETARY_ACCESS,
    menu: 'church',
    routes: { create: true, show: true, edit: true },
  },
  {
    name: 'igreja/ebd/chamadas',
    api: 'ebd_roll_calls',
    audit: {
      label: 'Chamadas da EBD',
      area: 'church',
      fields: {
        count_bibles: 'Bíblias',
        count_magazines: 'Revistas',
        offering_cents: 'Oferta',
      },
    },
    // A líder takes the chamadas of the classes he teaches.
    read: GROUP_ACCESS,
    write: GROUP_ACCESS,
    menu: null,
    routes: { create: false, show: true, edit: false },
  },
  {
    name: 'configuracoes/departamentos',
    api: 'departments',
    audit: { label: 'Departamentos', area: 'settings' },
    read: STAFF_ACCESS,
    write: SECRETARY_ACCESS,
    // Read by every form that picks one; managed on the settings screens by the secretary.
    screen: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/positions',
    api: 'positions',
    audit: { label: 'Cargos', area: 'settings' },
    read: STAFF_ACCESS,
    write: SECRETARY_ACCESS,
    // Read by every form that picks one; managed on the settings screens by the secretary.
    screen: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
    churchWide: true,
    example: { name: 'Auxiliar', ministerial: false, sort_order: 50 },
  },
  {
    name: 'configuracoes/campos_adicionais',
    api: 'custom_fields',
    audit: {
      label: 'Campos adicionais',
      area: 'settings',
      // The trail's names of the resource's own fields (written here, not beside the zod schema:
      // the registry is in the app's first script, and a schema would bring zod into it).
      fields: {
        label: 'Nome do campo',
        key: 'Chave',
        field_type: 'Tipo de campo',
        options: 'Opções',
        required: 'Obrigatório',
        public_form: 'No cadastro público',
      },
    },
    read: STAFF_ACCESS,
    write: SECRETARY_ACCESS,
    // Read by every form that picks one; managed on the settings screens by the secretary.
    screen: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
    churchWide: true,
    example: { label: 'Apelido', field_type: 'text' },
  },
  {
    name: 'configuracoes/igreja',
    api: 'church',
    audit: { label: 'Dados da igreja', area: 'settings' },
    // Read by every signed-in user (the app bar names the church); its screen is the office's
    // (a líder's menu is his cells, issue 26).
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    screen: STAFF_ACCESS,
    menu: 'settings',
    menuLabel: 'Igreja',
    routes: { create: false, show: false, edit: false },
    singleton: true,
  },
  // The sede, its sub-sedes and congregações (issue 12): read by every form and the app bar's
  // selector, managed by admins on the settings screens the secretary may open.
  {
    name: 'configuracoes/congregacoes',
    api: 'congregations',
    audit: {
      label: 'Congregações',
      area: 'settings',
      // The repasse to the sede (issue 27).
      fields: { transfer_percent: 'Repasse à sede (%)', transfer_from: 'Repasse a partir de' },
    },
    read: ANY_USER,
    write: ADMIN_ONLY,
    screen: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/usuarios',
    api: 'users',
    audit: { label: 'Usuários', area: 'users' },
    read: ADMIN_ONLY,
    write: ADMIN_ONLY,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/auditoria',
    api: 'audit_log',
    audit: { label: 'Registro de auditoria', area: 'settings' },
    // Secretary access reads one member's trail (the member page's Histórico; the server
    // refuses the rest); the screen of the whole trail is the admins'.
    read: SECRETARY_ACCESS,
    write: NOBODY,
    screen: ADMIN_ONLY,
    menu: 'settings',
    menuLabel: 'Auditoria',
    routes: { create: false, show: false, edit: false },
  },
  // LGPD consent (issue 13): the consent texts, read by every signed-in user (the member page
  // shows the current one) and saved by admins, each save a new version; the register of the
  // data subjects' requests, kept by admins. A member's consents (/api/members/{id}/consents)
  // are part of the member's record: the members' write access (secretary access).
  {
    name: 'configuracoes/consentimento',
    api: 'consent_versions',
    audit: { label: 'Textos de consentimento', area: 'settings' },
    read: ANY_USER,
    write: ADMIN_ONLY,
    screen: ADMIN_ONLY,
    menu: 'settings',
    menuLabel: 'Consentimento (LGPD)',
    routes: { create: false, show: false, edit: false },
  },
  {
    name: 'configuracoes/pedidos-lgpd',
    api: 'privacy_requests',
    audit: { label: 'Pedidos LGPD', area: 'settings' },
    read: ADMIN_ONLY,
    write: ADMIN_ONLY,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  // Finance (SPEC §2): every screen and API needs financial access. The financial dashboard is
  // one screen at its path, with its figures at GET /api/finance/overview.
  {
    name: 'financeiro/visao-geral',
    api: 'finance/overview',
    read: FINANCIAL_ACCESS,
    write: NOBODY,
    menu: 'finance',
    menuLabel: 'Visão geral',
    routes: { create: false, show: false, edit: false },
    singleton: true,
  },
  // The month closed (issue 27): the months the conselho fiscal approved, closed and reopened by
  // an admin; the financial users read them. Closing is the whole church's (one set of books).
  {
    name: 'financeiro/prestacao-de-contas',
    api: 'finance/periods',
    // Inline, as the others: the registry is in the first script, which carries no zod.
    audit: {
      label: 'Fechamento do mês',
      area: 'finance',
      fields: {
        month: 'Mês',
        status: 'Situação',
        approved_on: 'Aprovado em',
        approvers: 'Aprovado por',
        opinion: 'Parecer',
        reason: 'Motivo',
      },
    },
    read: FINANCIAL_ACCESS,
    write: ADMIN_ONLY,
    menu: 'finance',
    menuLabel: 'Fechamento do mês',
    routes: { create: false, show: false, edit: false },
  },
  // The orçamento anual (issue 27): a congregation's year as one grid of categories × months,
  // read and saved whole (GET/PUT /api/budgets?congregation_id=&year=) on one screen.
  {
    name: 'financeiro/orcamento',
    api: 'budgets',
    audit: { label: 'Orçamento', area: 'finance' },
    read: FINANCIAL_ACCESS,
    write: FINANCIAL_ACCESS,
    menu: 'finance',
    menuLabel: 'Orçamento',
    routes: { create: false, show: false, edit: false },
    singleton: true,
  },
  finance('financeiro/receitas', 'incomes', 'Receitas', { create: true, show: true, edit: true }),
  // The count of a culto's offering (issue 25): closed, it becomes the incomes; corrected by an
  // adjusting count; its termo printed for the counters' signatures.
  finance('financeiro/contagens', 'offering_counts', 'Contagens do culto', {
    create: true,
    show: true,
    edit: true,
  }),
  // Ofertas a receber (issues 26 and 25): the offerings taken at the cells and the EBD, waiting
  // for the treasurer to receive them as incomes.
  finance('financeiro/ofertas_a_receber', 'pending_offerings', 'Ofertas a receber', {
    create: false,
    show: false,
    edit: false,
  }),
  finance('financeiro/despesas', 'expenses', 'Despesas', { create: true, show: true, edit: true }),
  finance('financeiro/contas-a-pagar', 'accounts_payable', 'Contas a pagar', {
    create: false,
    show: false,
    edit: false,
  }),
  finance('financeiro/lancamentos', 'transactions', 'Lançamentos', {
    create: false,
    show: false,
    edit: false,
  }),
  finance('financeiro/contas-bancarias', 'bank_accounts', 'Contas bancárias', {
    create: true,
    show: true,
    edit: false,
  }),
  // Bank reconciliation (issue 14): an account's imported statement lines, reconciled one by one.
  finance(
    'financeiro/conciliacao',
    'statement_lines',
    'Linhas de extrato',
    { create: false, show: false, edit: false },
    { menuLabel: 'Conciliação bancária' },
  ),
  finance(
    'financeiro/cartoes-de-credito',
    'credit_cards',
    'Cartões de crédito',
    { create: true, show: false, edit: true },
    { churchWide: true },
  ),
  finance(
    'financeiro/fornecedores',
    'vendors',
    'Fornecedores',
    { create: true, show: true, edit: true },
    { churchWide: true, example: { name: 'Papelaria Central', person_type: 'entity' } },
  ),
  finance(
    'financeiro/contribuintes',
    'donors',
    'Contribuintes',
    { create: true, show: true, edit: true },
    { churchWide: true, example: { name: 'Doador Avulso', person_type: 'person' } },
  ),
  // Funds (issue 27): restricted ones keep their balance apart from the free resources.
  {
    ...finance(
      'financeiro/fundos',
      'finance_funds',
      'Fundos',
      { create: true, show: false, edit: true },
      { churchWide: true, example: { name: 'Obra de construção', restricted: true } },
    ),
    audit: {
      label: 'Fundos',
      area: 'finance',
      fields: { restricted: 'Fundo restrito', description: 'Descrição' },
    },
  },
  // The plano de contas (issue 27): the categories are its income and expense leaves.
  {
    ...finance(
      'financeiro/categorias',
      'finance_categories',
      'Plano de contas',
      { create: true, show: false, edit: true },
      { churchWide: true, example: { name: 'Retiros', kind: 'expense' } },
    ),
    audit: {
      label: 'Plano de contas',
      area: 'finance',
      fields: { code: 'Código da conta', parent_id: 'Conta superior', kind: 'Tipo da conta' },
    },
  },
];

export function resourceByName(name: string): ResourceEntry | undefined {
  return RESOURCES.find((entry) => entry.name === name);
}

export function resourceByApi(api: string): ResourceEntry {
  const entry = RESOURCES.find((candidate) => candidate.api === api);
  if (!entry) throw new Error(`Recurso não registrado: ${api}`);
  return entry;
}
