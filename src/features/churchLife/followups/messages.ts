// Consolidação's texts (resources.igreja/consolidacao.* and resources.igreja/etapas.*): src/i18n
// finds this file by its place and takes `resourceMessages`.
import type { ResourceMessages } from '../../../routing/types';

const followupsMessages: ResourceMessages = {
  name: 'Consolidação |||| Consolidação',
  menu: 'Minhas tarefas',
  tab_mine: 'Minhas tarefas',
  tab_overdue: 'Atrasadas',
  tab_open: 'Todas abertas',
  empty_mine: 'Nenhuma tarefa para você.',
  empty_overdue: 'Nenhuma etapa atrasada.',
  empty_open: 'Nenhuma etapa aberta.',
  stages: 'Etapas',
  whatsapp: 'WhatsApp',
  done: 'Feita',
  skip: 'Pular',
  reassign: 'Responsável e prazo',
  note: 'Observação (opcional)',
  confirm_done: 'Marcar como feita',
  confirm_skip: 'Pular etapa',
  closed: 'Etapa “%{step}”: %{status}.',
  reassigned: 'Etapa atualizada.',
  owner: 'Responsável',
  owner_none: 'Sem responsável',
  due: 'Prazo',
  closed_by: '%{status} em %{datetime} por %{user}',
  visitor_none: 'A consolidação ainda não começou.',
  visitor_needs_consent: 'Sem consentimento para contato, não há consolidação.',
  start: 'Iniciar consolidação',
  started: 'Consolidação iniciada.',
};

const stagesMessages: ResourceMessages = {
  name: 'Etapa da consolidação |||| Etapas da consolidação',
  forcedCaseName: 'etapa',
  empty: 'Nenhuma etapa cadastrada.',
  invite: 'Cadastre as etapas: ligação, visita, encontro, batismo…',
  delete_title: 'Excluir etapa',
  delete_content: 'Tem certeza de que deseja excluir esta etapa?',
  due_days_help: 'Dias após o consentimento do visitante.',
  sort_order_help: 'Em ordem crescente.',
  days: '1 dia |||| %{smart_count} dias',
  inactive: 'inativa',
  fields: {
    name: 'Nome da etapa',
    dueDays: 'Prazo (dias)',
    sortOrder: 'Ordem',
    active: 'Ativa',
    q: 'Buscar',
  },
};

export const resourceMessages = {
  'igreja/consolidacao': followupsMessages,
  'igreja/etapas': stagesMessages,
};
