// Consolidação's texts (resources.igreja/consolidacao.* and resources.igreja/etapas.*): src/i18n
// finds this file by its place and takes `resourceMessages`.
import type { ResourceMessages } from '../../../routing/types';

const followupsMessages: ResourceMessages = {
  name: 'Consolidação |||| Consolidação',
  menu: 'Minhas tarefas',
  forcedCaseName: 'etapa',
  title: 'Consolidação',
  tab_mine: 'Minhas tarefas',
  tab_overdue: 'Atrasadas',
  tab_open: 'Todas abertas',
  views: 'O que mostrar',
  empty_mine: 'Nenhuma tarefa aberta para você. Graça e paz!',
  empty_overdue: 'Nenhuma etapa atrasada.',
  empty_open: 'Nenhuma etapa aberta.',
  stages: 'Etapas',
  whatsapp: 'WhatsApp',
  whatsapp_named: 'Conversar com %{name} pelo WhatsApp',
  no_contact: 'Sem consentimento para contato: não entre em contato.',
  done: 'Feita',
  skip: 'Pular',
  reassign: 'Responsável e prazo',
  done_title: 'Marcar “%{step}” como feita',
  skip_title: 'Pular “%{step}”',
  note: 'Observação (opcional)',
  note_help: 'O que aconteceu: como foi a conversa, um pedido de oração…',
  confirm_done: 'Marcar como feita',
  confirm_skip: 'Pular etapa',
  closed_done: 'Etapa “%{step}” marcada como feita.',
  closed_skipped: 'Etapa “%{step}” pulada.',
  reassign_title: 'Responsável e prazo de “%{step}”',
  reassigned: 'Etapa atualizada.',
  owner: 'Responsável',
  owner_none: 'Sem responsável',
  due: 'Prazo',
  closed_by: '%{status} em %{datetime} por %{user}',
  visitor_title: 'Consolidação',
  visitor_none: 'A consolidação ainda não começou.',
  visitor_needs_consent:
    'Sem consentimento para ser contatado, a consolidação não acontece. Registre o consentimento para começar.',
  start: 'Iniciar consolidação',
  started: 'Consolidação iniciada.',
  fields: {
    name: 'Etapa',
    visitorName: 'Visitante',
    ownerName: 'Responsável',
    dueOn: 'Prazo',
    status: 'Situação',
    congregationName: 'Congregação',
  },
};

const stagesMessages: ResourceMessages = {
  name: 'Etapa da consolidação |||| Etapas da consolidação',
  forcedCaseName: 'etapa',
  empty: 'Nenhuma etapa cadastrada.',
  invite: 'Cadastre as etapas da consolidação, em ordem: ligação, visita, encontro, batismo…',
  delete_title: 'Excluir etapa',
  delete_content: 'Tem certeza de que deseja excluir esta etapa?',
  due_days_help: 'Dias depois do cadastro do visitante (ou do consentimento) em que a etapa vence.',
  sort_order_help: 'As etapas seguem em ordem crescente deste número.',
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
