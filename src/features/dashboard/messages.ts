// The overview's messages (adam.dashboard.*).
export const dashboardMessages = {
  adam: {
    dashboard: {
      title: 'Visão Geral',
      greeting: 'Olá, %{name}! Este é o resumo da sua igreja.',
      active_users: 'Usuários ativos',
      inactive_users: '%{smart_count} inativo |||| %{smart_count} inativos',
      your_roles: 'Seus papéis',
      no_roles: 'Nenhum papel: acesso somente às áreas comuns.',
      members_total: 'Membros cadastrados',
      members_by_status: 'Membros por situação',
      new_this_month: 'Novos membros neste mês',
      birthdays_week: 'Aniversariantes da semana',
      no_birthdays: 'Nenhum aniversariante nesta semana.',
      pending_registrations: 'Cadastros pendentes',
      pending_review: 'Aguardando conferência da secretaria',
      expiring_credentials: 'Credenciais a vencer em 30 dias',
      expiring_credentials_detail: 'Renove antes do vencimento',
    },
  },
};
