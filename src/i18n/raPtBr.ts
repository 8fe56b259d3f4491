import type { TranslationMessages } from 'ra-core';

/**
 * Complete Brazilian Portuguese catalogue for react-admin 5.15.
 *
 * Same shape as `ra-language-english`: every key has a pt-BR text here, so neither English nor
 * the outdated `ra-language-portuguese` 1.6.0 (European spellings, `#%{id}` titles, 77 missing
 * keys) is needed underneath. Plural texts follow Polyglot's `singular |||| plural` order; with
 * the `pt-br` locale, 0 and 1 pick the singular form.
 *
 * Notes on the variables react-admin passes:
 * - `%{name}` in `ra.message.delete_*` is the lower-cased singular resource name;
 *   in `ra.navigation.no_results` and `ra.page.empty` it is the resource label for
 *   count 0 (singular under the pt-br plural rule). Texts are worded with
 *   "registro de %{name}" so they read well for any gender and number.
 */
export const raPtBr: TranslationMessages = {
  ra: {
    action: {
      add_filter: 'Adicionar filtro',
      add: 'Adicionar',
      back: 'Voltar',
      bulk_actions: '1 item selecionado |||| %{smart_count} itens selecionados',
      cancel: 'Cancelar',
      clear_array_input: 'Limpar a lista',
      clear_input_value: 'Limpar campo',
      clone: 'Duplicar',
      confirm: 'Confirmar',
      create: 'Cadastrar',
      create_item: 'Cadastrar %{item}',
      delete: 'Excluir',
      edit: 'Editar',
      export: 'Exportar',
      list: 'Listar',
      refresh: 'Atualizar',
      remove_filter: 'Remover este filtro',
      remove_all_filters: 'Remover todos os filtros',
      remove: 'Remover',
      reset: 'Redefinir',
      save: 'Salvar',
      search: 'Pesquisar',
      search_columns: 'Pesquisar colunas',
      select_all: 'Selecionar tudo',
      select_all_button: 'Selecionar todos',
      select_row: 'Selecionar esta linha',
      show: 'Exibir',
      sort: 'Ordenar',
      undo: 'Desfazer',
      unselect: 'Desmarcar',
      expand: 'Expandir',
      close: 'Fechar',
      open_menu: 'Abrir menu',
      close_menu: 'Fechar menu',
      update: 'Atualizar',
      move_up: 'Mover para cima',
      move_down: 'Mover para baixo',
      open: 'Abrir',
      toggle_theme: 'Alternar modo claro/escuro',
      select_columns: 'Colunas',
      update_application: 'Recarregar aplicação',
    },
    boolean: {
      true: 'Sim',
      false: 'Não',
      null: ' ',
    },
    page: {
      create: 'Cadastrar %{name}',
      dashboard: 'Painel',
      edit: 'Editar %{name} %{recordRepresentation}',
      error: 'Algo deu errado',
      list: '%{name}',
      loading: 'Carregando…',
      not_found: 'Página não encontrada',
      show: '%{name} %{recordRepresentation}',
      empty: 'Ainda não há registros de %{name}.',
      invite: 'Deseja cadastrar um novo registro?',
      access_denied: 'Acesso negado',
      authentication_error: 'Erro de autenticação',
    },
    input: {
      file: {
        upload_several: 'Arraste alguns arquivos para enviar ou clique para selecionar um.',
        upload_single: 'Arraste um arquivo para enviar ou clique para selecioná-lo.',
      },
      image: {
        upload_several: 'Arraste algumas imagens para enviar ou clique para selecionar uma.',
        upload_single: 'Arraste uma imagem para enviar ou clique para selecioná-la.',
      },
      references: {
        all_missing: 'Não foi possível encontrar os dados de referência.',
        many_missing: 'Pelo menos uma das referências associadas parece não estar mais disponível.',
        single_missing: 'A referência associada parece não estar mais disponível.',
      },
      password: {
        toggle_visible: 'Ocultar senha',
        toggle_hidden: 'Mostrar senha',
      },
    },
    message: {
      about: 'Sobre',
      access_denied: 'Você não tem permissão para acessar esta página',
      are_you_sure: 'Tem certeza?',
      authentication_error:
        'O servidor de autenticação retornou um erro e não foi possível verificar suas credenciais.',
      auth_error: 'Ocorreu um erro ao validar o token de autenticação.',
      bulk_delete_content:
        'Tem certeza de que deseja excluir este registro de %{name}? |||| Tem certeza de que deseja excluir estes %{smart_count} registros?',
      bulk_delete_title: 'Excluir %{name} |||| Excluir %{smart_count} %{name}',
      bulk_update_content:
        'Tem certeza de que deseja atualizar %{name} %{recordRepresentation}? |||| Tem certeza de que deseja atualizar estes %{smart_count} registros?',
      bulk_update_title:
        'Atualizar %{name} %{recordRepresentation} |||| Atualizar %{smart_count} %{name}',
      clear_array_input: 'Tem certeza de que deseja limpar a lista inteira?',
      delete_content: 'Tem certeza de que deseja excluir este registro de %{name}?',
      delete_title: 'Excluir %{name} %{recordRepresentation}',
      details: 'Detalhes',
      error: 'Ocorreu um erro e não foi possível concluir sua solicitação.',
      invalid_form: 'O formulário não é válido. Verifique os erros.',
      loading: 'Aguarde, por favor',
      no: 'Não',
      not_found: 'O endereço digitado está incorreto ou o link seguido é inválido.',
      select_all_limit_reached:
        'Há registros demais para selecionar todos. Somente os %{max} primeiros foram selecionados.',
      unsaved_changes:
        'Algumas alterações não foram salvas. Tem certeza de que deseja descartá-las?',
      yes: 'Sim',
      placeholder_data_warning: 'Problema de rede: não foi possível atualizar os dados.',
    },
    navigation: {
      clear_filters: 'Limpar filtros',
      no_filtered_results: 'Nenhum registro de %{name} encontrado com os filtros atuais.',
      no_results: 'Nenhum registro de %{name} encontrado',
      no_more_results: 'A página %{page} está fora do intervalo. Tente a página anterior.',
      page_out_of_boundaries: 'Página %{page} fora do intervalo',
      page_out_from_end: 'Não é possível avançar além da última página',
      page_out_from_begin: 'Não é possível voltar antes da página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de mais de %{offsetEnd}',
      current_page: 'Página %{page}',
      page: 'Ir para a página %{page}',
      first: 'Ir para a primeira página',
      last: 'Ir para a última página',
      next: 'Ir para a próxima página',
      previous: 'Ir para a página anterior',
      page_rows_per_page: 'Linhas por página:',
      skip_nav: 'Pular para o conteúdo',
    },
    sort: {
      sort_by: 'Ordenar por %{field_lower_first} em ordem %{order}',
      ASC: 'crescente',
      DESC: 'decrescente',
    },
    auth: {
      auth_check_error: 'Faça login para continuar',
      user_menu: 'Perfil',
      username: 'Usuário',
      password: 'Senha',
      email: 'E-mail',
      sign_in: 'Entrar',
      sign_in_error: 'Falha na autenticação. Tente novamente.',
      logout: 'Sair',
    },
    notification: {
      updated: 'Registro atualizado |||| %{smart_count} registros atualizados',
      created: 'Registro cadastrado',
      deleted: 'Registro excluído |||| %{smart_count} registros excluídos',
      bad_item: 'Registro incorreto',
      item_doesnt_exist: 'O registro não existe',
      http_error: 'Erro de comunicação com o servidor',
      data_provider_error: 'Erro no provedor de dados. Consulte o console para mais detalhes.',
      i18n_error: 'Não foi possível carregar as traduções do idioma selecionado',
      canceled: 'Ação cancelada',
      logged_out: 'Sua sessão foi encerrada. Entre novamente.',
      not_authorized: 'Você não tem autorização para acessar este recurso.',
      application_update_available: 'Uma nova versão está disponível.',
      offline: 'Sem conexão. Não foi possível carregar os dados.',
    },
    validation: {
      required: 'Obrigatório',
      minLength: 'Deve ter pelo menos %{min} caracteres',
      maxLength: 'Deve ter no máximo %{max} caracteres',
      minValue: 'Deve ser no mínimo %{min}',
      maxValue: 'Deve ser no máximo %{max}',
      number: 'Deve ser um número',
      email: 'Deve ser um e-mail válido',
      oneOf: 'Deve ser uma das opções: %{options}',
      regex: 'Deve corresponder a um formato específico (regexp): %{pattern}',
      unique: 'Deve ser único',
    },
    saved_queries: {
      label: 'Consultas salvas',
      query_name: 'Nome da consulta',
      new_label: 'Salvar consulta atual…',
      new_dialog_title: 'Salvar consulta atual como',
      remove_label: 'Remover consulta salva',
      remove_label_with_name: 'Remover consulta "%{name}"',
      remove_dialog_title: 'Remover consulta salva?',
      remove_message:
        'Tem certeza de que deseja remover este item da sua lista de consultas salvas?',
      help: 'Filtre a lista e salve esta consulta para usar depois',
    },
    guesser: {
      empty: {
        title: 'Nenhum dado para exibir',
        message: 'Verifique o provedor de dados',
      },
    },
    configurable: {
      customize: 'Personalizar',
      configureMode: 'Configurar esta página',
      inspector: {
        title: 'Inspetor',
        content: 'Passe o mouse sobre os elementos da interface para configurá-los',
        reset: 'Redefinir configurações',
        hideAll: 'Ocultar tudo',
        showAll: 'Mostrar tudo',
      },
      Datagrid: {
        title: 'Tabela',
        unlabeled: 'Coluna sem rótulo #%{column}',
      },
      SimpleForm: {
        title: 'Formulário',
        unlabeled: 'Campo sem rótulo #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Texto principal',
        secondaryText: 'Texto secundário',
        tertiaryText: 'Texto terciário',
      },
    },
  },
};

/**
 * Keys that ra-ui-materialui 5.15 translates with an inline English default (`_: '...'`)
 * but that are absent from `ra-language-english`: the configurable inspector titles and
 * the "Hide all / Show all" buttons of the columns selector.
 */
export const raPtBrExtras = {
  ra: {
    inspector: {
      Datagrid: { title: 'Tabela' },
      SimpleForm: { title: 'Formulário' },
      SimpleList: { title: 'Lista' },
      hideAll: 'Ocultar tudo',
      showAll: 'Mostrar tudo',
    },
  },
};
