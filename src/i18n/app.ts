// Messages shared by every area (under `adam.*`): session, menu, list counts, images, password,
// the not-found page. Each feature's own texts and resource labels sit in its messages.ts.
export const appMessages = {
  adam: {
    // src/ui/QuickCreate: a missing vendor, donor, category or department made from the form.
    quick_create: {
      title: 'Cadastrar %{name}',
      item: 'Cadastrar “%{item}”',
      start: 'Cadastrar novo…',
      created: 'Cadastro feito: %{name}.',
    },
    // src/ui/invalidFields: a save refused by the form's own checks names the fields.
    form: {
      invalid_fields: 'Verifique o campo %{fields}. |||| Verifique os campos %{fields}.',
    },
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
      version: 'Adam %{version}',
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
    cep: {
      searching: 'Buscando o endereço do CEP…',
      filled: 'Endereço preenchido pelo CEP: confira e informe o número.',
      found: 'CEP encontrado.',
      not_found: 'CEP não encontrado: preencha o endereço.',
      unavailable: 'Não foi possível consultar o CEP agora: preencha o endereço.',
    },
    // Issue 12: the congregation input and column every area shares, and the app bar's selector.
    congregation: {
      label: 'Congregação',
      search_help: 'Digite parte do nome para buscar a congregação.',
      all: 'Todas',
      whole_church: 'Toda a igreja',
      selector: 'Congregação exibida',
      selector_current: 'Congregação exibida: %{name}',
      selection_lost: 'A congregação escolhida não está mais disponível: exibindo todas.',
    },
    not_found: {
      title: 'Página não encontrada',
      message: 'O endereço que você abriu não existe ou foi removido.',
      back: 'Voltar para a Visão Geral',
    },
  },
};
