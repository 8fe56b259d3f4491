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
    api_reference: { menu: 'Referência da API' },
    menu: {
      title: 'Menu',
      members: 'Membros',
      reports: 'Relatórios',
      settings: 'Configurações',
      finance: 'Financeiro',
      church: 'Igreja',
      version: 'Adam %{version}',
    },
    list: {
      more_than: 'mais de %{limit}',
      member_count: '%{smart_count} membro |||| %{smart_count} membros',
      no_members: 'Nenhum membro',
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
    // Issue 22: the second factor's pieces the sign-in page and the account screen share.
    two_factor: {
      title: 'Verificação em duas etapas',
      code: 'Código de verificação',
      code_help: 'Os 6 dígitos que o aplicativo autenticador mostra agora.',
      code_missing: 'Informe o código de verificação.',
      either_help: 'Os 6 dígitos do aplicativo ou, sem o celular, um código de recuperação.',
      recovery_code: 'Código de recuperação',
      recovery_help: 'Um dos códigos de recuperação guardados na ativação (ex.: ABCDE-FGH23).',
      step_scan:
        '1. No aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, Authy, 2FAS…), adicione uma conta lendo este QR code:',
      qr_alt: 'QR code para adicionar o Adam ao aplicativo autenticador',
      open_app: 'Usando este celular? Toque aqui para abrir o aplicativo autenticador.',
      step_type: 'Sem câmera? Digite no aplicativo esta chave (tipo: baseada em tempo):',
      secret_label: 'Chave para digitar no aplicativo',
      step_confirm: '2. Digite o código de 6 dígitos que o aplicativo passou a mostrar:',
      confirm: 'Confirmar e ativar',
      enabled_now: 'Verificação em duas etapas ativada.',
      codes_renewed: 'Novos códigos de recuperação gerados: os anteriores não valem mais.',
      codes_title: 'Códigos de recuperação',
      codes_explain:
        'Guarde estes 10 códigos de recuperação em lugar seguro (impressos ou num gerenciador de senhas). Cada um vale uma única vez e permite entrar sem o celular. Eles não serão mostrados de novo.',
      copy_codes: 'Copiar códigos',
      codes_copied: 'Códigos copiados.',
      codes_not_copied: 'Não foi possível copiar: anote os códigos.',
      codes_saved: 'Já guardei os códigos',
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
      inactive: 'Inativa',
    },
    not_found: {
      title: 'Página não encontrada',
      message: 'O endereço que você abriu não existe ou foi removido.',
      back: 'Voltar para a Visão Geral',
    },
  },
};
