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
      setup: {
        title: 'Primeiros passos',
        intro:
          'Complete os dados da igreja antes de emitir a primeira credencial: eles saem nas credenciais, nas cartas e nos relatórios.',
        progress: '%{done} de %{total} concluídos',
        dismiss: 'Dispensar a lista',
        dismissed: 'Lista de primeiros passos dispensada.',
        done: 'Concluído',
        items: {
          church_name: 'Informe o nome da igreja',
          pastor_name: 'Informe o nome do pastor presidente',
          city: 'Informe a cidade da igreja',
          logo: 'Envie o logotipo da igreja',
          credential_validity: 'Confira a validade das credenciais e salve',
          users: 'Cadastre os usuários da secretaria e da tesouraria',
        },
        hints: {
          church_name: 'Enquanto não for informado, os documentos saem como “Minha Igreja”.',
          pastor_name: 'Assina as credenciais e as cartas.',
          city: 'Aparece no cabeçalho das cartas e dos relatórios.',
          logo: 'Aparece na tela de entrada, nas credenciais e nos documentos.',
          credential_validity: 'Por quantos meses cada credencial vale depois de emitida.',
          users: 'Quem vai usar o Adam com você, cada um com o seu papel.',
        },
      },
    },
  },
};
