// The member's self-update's texts (resources.membros/atualizacoes.*, issue 28): src/i18n finds
// this file by its place and takes `resourceMessages`.
import type { ResourceMessages } from '../../../routing/types';

const selfUpdateMessages: ResourceMessages = {
  name: 'Atualização de cadastro |||| Atualizações de cadastro',
  empty: 'Nenhuma atualização esperando conferência.',
  panel_title: 'Atualização pelo próprio membro',
  panel_intro:
    'Gere um link pessoal para o membro conferir e corrigir os próprios dados. O que ele enviar fica aguardando a sua conferência.',
  create: 'Gerar link',
  created_title: 'Link de atualização para %{name}',
  created_text:
    'Copie o link ou envie pelo WhatsApp ou por e-mail. Ele vale até %{datetime}, pode ser usado uma vez e não será mostrado de novo.',
  link_label: 'Link pessoal',
  copy: 'Copiar link',
  copied: 'Link copiado.',
  whatsapp: 'Enviar pelo WhatsApp',
  email: 'Enviar por e-mail',
  email_queued: 'E-mail na fila de envio: o link sai com as próximas mensagens da igreja.',
  email_not_sent: 'O e-mail não será enviado (%{reason}): copie o link ou envie pelo WhatsApp.',
  no_mobile: 'O membro não tem celular cadastrado: copie o link e envie por outro meio.',
  close: 'Fechar',
  revoke: 'Revogar',
  revoked: 'Link revogado.',
  approve: 'Aprovar alterações',
  reject: 'Recusar',
  approved: 'Alterações aplicadas ao cadastro de %{name}.',
  rejected: 'Atualização recusada: o cadastro ficou como estava.',
  reject_title: 'Recusar a atualização',
  reject_content:
    'As alterações enviadas por %{name} serão descartadas e o cadastro continuará como está.',
  review_title: 'Alterações enviadas em %{datetime}',
  no_changes: 'O membro conferiu os dados e não alterou nada.',
  field: 'Dado',
  before: 'Antes',
  after: 'Enviado',
  history: 'Links gerados',
  none: 'Nenhum link gerado.',
  created_on: 'Gerado em',
  valid_until: 'Válido até',
  state: 'Situação',
  member: 'Membro',
  congregation: 'Congregação',
  fields_changed: 'Dados alterados',
  created_by: 'Gerado por %{name}',
  settings_title: 'Atualização de cadastro pelo membro',
  settings_intro:
    'Quanto tempo vale o link pessoal e quais dados o membro pode atualizar. Situação, congregação, cargo e datas da igreja nunca são alterados pelo membro.',
  settings_days: 'Validade do link (dias)',
  settings_groups: 'Dados que o membro pode atualizar',
  settings_save: 'Salvar atualização de cadastro',
  settings_saved: 'Configuração da atualização de cadastro salva.',
  fields: {
    memberName: 'Membro',
    congregationName: 'Congregação',
    submittedAt: 'Enviado em',
    changes: 'Dados alterados',
  },
};

export const resourceMessages = { 'membros/atualizacoes': selfUpdateMessages };
