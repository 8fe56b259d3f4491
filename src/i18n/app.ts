// Messages shared by every area (under `adam.*`): session, menu, list counts, images, password,
// the not-found page. Each feature's own texts and resource labels sit in its messages.ts.
export const appMessages = {
  adam: {
    auth: {
      session_expired: 'Sua sessão expirou. Entre novamente.',
      forbidden: 'Você não tem permissão para acessar esta área.',
    },
    menu: {
      title: 'Menu',
      members: 'Membros',
      reports: 'Relatórios',
      settings: 'Configurações',
      finance: 'Financeiro',
    },
    list: {
      more_than: 'mais de %{limit}',
      member_count: '%{smart_count} membro |||| %{smart_count} membros',
    },
    image: {
      choose: 'Escolher imagem',
      replace: 'Trocar imagem',
      remove: 'Remover imagem',
      not_an_image: 'Escolha um arquivo de imagem (JPEG, PNG ou WebP).',
      unreadable: 'Não foi possível ler a imagem.',
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
};
