// Adam's own messages (under `adam.*`) and resource labels (under `resources.*`).
export const appMessages = {
  adam: {
    auth: {
      session_expired: 'Sua sessão expirou. Entre novamente.',
      forbidden: 'Você não tem permissão para acessar esta área.',
    },
    login: {
      subtitle: 'Administração da igreja',
      email: 'E-mail',
      required: 'Informe o e-mail e a senha.',
    },
    menu: {
      members: 'Membros',
      reports: 'Relatórios',
      settings: 'Configurações',
      finance: 'Financeiro',
    },
    dashboard: {
      title: 'Visão Geral',
      greeting: 'Olá, %{name}! Este é o resumo da sua igreja.',
      active_users: 'Usuários ativos',
      inactive_users: '%{smart_count} inativo |||| %{smart_count} inativos',
      your_roles: 'Seus papéis',
      no_roles: 'Nenhum papel: acesso somente às áreas comuns.',
    },
    password: {
      menu: 'Alterar senha',
      title: 'Alterar senha',
      current: 'Senha atual',
      new: 'Nova senha',
      confirmation: 'Confirme a nova senha',
      submit: 'Alterar',
    },
    not_found: {
      title: 'Página não encontrada',
      message: 'O endereço que você abriu não existe ou foi removido.',
      back: 'Voltar para a Visão Geral',
    },
  },
  resources: {
    'configuracoes/usuarios': {
      name: 'Usuário |||| Usuários',
      forcedCaseName: 'usuário',
      inactive: 'Inativo',
      new_password: 'Nova senha',
      new_password_help:
        'Preencha só para redefinir a senha; as sessões do usuário serão encerradas.',
      delete_title: 'Excluir usuário',
      delete_content:
        'Tem certeza de que deseja excluir este usuário? Para apenas impedir o acesso, desmarque “Ativo”.',
      fields: {
        name: 'Nome',
        email: 'E-mail',
        roles: 'Papéis',
        active: 'Ativo',
        password: 'Senha',
        createdAt: 'Criado em',
      },
    },
  },
};
