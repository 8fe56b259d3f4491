// Transfers between churches (issue 28): resources.membros/transferencias.* of the catalogue,
// also read by the letters on the member's page.
import type { ResourceMessages } from '../../../routing/types';

export const resourceMessages: Record<string, ResourceMessages> = {
  'membros/transferencias': {
    name: 'Transferência |||| Transferências',
    forcedCaseName: 'transferência',
    empty: 'Nenhuma transferência registrada.',
    invite:
      'As cartas de transferência emitidas aparecem aqui. Registre também as cartas recebidas de outras igrejas.',
    fields: {
      direction: 'Sentido',
      state: 'Situação',
      memberName: 'Membro',
      letterNumber: 'Carta',
      church: 'Igreja',
      createdAt: 'Aberta em',
      confirmation: 'Confirmação',
    },
    all_directions: 'Enviadas e recebidas',
    all_states: 'Todas as situações',
    confirmed_by_church: '%{church}, por %{name}, em %{date}',
    confirmed_in_office: 'Registrada pela secretaria (%{user}) em %{date}',
    confirmed_before: 'Carta emitida antes da confirmação em duas etapas',
    cancelled_by: 'Cancelada por %{user} em %{date}',
    sent_by: 'Carta enviada por %{user} em %{date}',
    actions: {
      sent: 'Carta enviada',
      confirm: 'Confirmar recebimento',
      cancel: 'Cancelar transferência',
      print: 'Imprimir com novo código',
    },
    sent_done: 'Carta marcada como enviada.',
    cancel_title: 'Cancelar a transferência',
    cancel_content:
      '%{name} volta para a situação anterior à carta e o código impresso na carta deixa de valer. Deseja cancelar a transferência?',
    cancelled: 'Transferência cancelada.',
    confirm_title: 'Confirmar o recebimento',
    confirm_help:
      'Use quando a igreja de destino confirmou por outro meio (carta de resposta, telefone). O membro passa para Transferido e a credencial é revogada.',
    receiving_church: 'Igreja que recebeu',
    confirmed_by: 'Quem confirmou',
    confirmed: 'Transferência confirmada.',
    print_title: 'Imprimir a carta com um novo código',
    print_content:
      'A carta sai com um novo código de confirmação: o código de uma via já impressa deixa de valer. Deseja continuar?',
    incoming: {
      open: 'Registrar carta recebida',
      title: 'Carta de transferência recebida',
      help: 'O membro é admitido com a situação Ativo, tipo de admissão Carta de transferência e a igreja de origem. Escolha um cadastro existente ou informe o nome de um novo membro.',
      member: 'Membro já cadastrado (opcional)',
      name: 'Nome do novo membro',
      originChurch: 'Igreja de origem',
      originCity: 'Cidade de origem',
      letterNumber: 'Número da carta',
      letterDate: 'Data da carta',
      admissionDate: 'Data de admissão',
      congregation: 'Congregação',
      save: 'Registrar e admitir',
      done: 'Carta registrada: %{name} admitido(a) por transferência.',
    },
  },
};
