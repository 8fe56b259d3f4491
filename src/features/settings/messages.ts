// The settings' resources (departments, custom fields, church, users, audit log) and the audit
// log's texts (adam.audit.*). A resource whose folder keeps its own texts (positions/messages.ts)
// is not here: its screens bring them (ScreenSet.messages, src/i18n/index.ts).
import { CHURCH_WIDE_NOTE, WHOLE_CHURCH_NOTE } from '../../../domain/access';

export const settingsMessages = {
  adam: {
    audit: {
      when: 'Quando',
      user: 'Usuário',
      what: 'O que',
      changes: 'Alterações',
      ip: 'IP',
      resource: 'Tipo de registro',
      action: 'Ação',
      record: 'Nº do registro',
      area: 'Área',
      unknown_user: 'Sem usuário',
      no_changes: 'Nenhum campo alterado.',
      detail: 'Detalhe',
      open_detail: 'Ver o detalhe: %{what}',
      origin: 'Endereço: %{ip} · Navegador: %{agent}',
      history: 'Histórico',
      history_none: 'Nenhum registro no histórico deste membro.',
      history_more: 'Mostrando os %{count} registros mais recentes.',
      views: '%{smart_count} vez no dia |||| %{smart_count} vezes no dia',
    },
    api_reference: {
      title: 'Referência da API',
      help: 'Todas as rotas de /api, com o que cada uma recebe e responde e quem pode chamá-la. “Try it out” chama a API com a sua sessão: cuidado com as rotas que gravam.',
      failed: 'Não foi possível carregar a descrição da API.',
      more_fields: 'e mais 1 campo |||| e mais %{smart_count} campos',
    },
    // Beside church-wide settings a user may see but not change (issue 22).
    church_wide_note: CHURCH_WIDE_NOTE,
    // Above the church's data a user limited to congregations reads (issue 24).
    whole_church_note: WHOLE_CHURCH_NOTE,
  },
  resources: {
    'configuracoes/departamentos': {
      name: 'Departamento |||| Departamentos',
      forcedCaseName: 'departamento',
      empty: 'Nenhum departamento cadastrado ainda.',
      invite: 'Cadastre os departamentos da igreja: jovens, louvor, escola bíblica…',
      delete_title: 'Excluir departamento',
      delete_content:
        'Tem certeza de que deseja excluir este departamento? Os membros continuam cadastrados.',
      leader_help: 'Digite parte do nome para buscar o membro.',
      church_wide: 'Toda a igreja',
      church_wide_help: 'Deixe em branco para um departamento de toda a igreja.',
      fields: {
        name: 'Nome',
        description: 'Descrição',
        leaderId: 'Líder',
        congregationId: 'Congregação',
        memberCount: 'Membros',
        q: 'Buscar',
      },
    },
    'configuracoes/campos_adicionais': {
      name: 'Campo adicional |||| Campos adicionais',
      forcedCaseName: 'campo adicional',
      empty: 'Nenhum campo adicional criado ainda.',
      invite:
        'Crie campos próprios da sua igreja para o cadastro de membros, como “Data de conversão”.',
      delete_title: 'Excluir campo adicional',
      delete_content:
        'Tem certeza de que deseja excluir este campo? Para apenas escondê-lo do cadastro, desmarque “Ativo”.',
      option: 'Opção',
      key_note: 'Identificador interno: %{key}',
      required_help: 'O cadastro do membro só é salvo com este campo preenchido.',
      active_help: 'Campos inativos não aparecem no cadastro; os valores já guardados ficam.',
      public_form_help:
        'Também perguntado a quem se cadastra pelo formulário público (/meu_cadastro). Deixe desmarcado para campos internos da secretaria, como “Dizimista”.',
      visible_to_all_help:
        'Mostrado também a quem não tem acesso de secretaria (tesouraria, usuários sem perfil). Deixe desmarcado para dados pessoais: só a secretaria os vê.',
      fields: {
        label: 'Nome do campo',
        key: 'Identificador',
        fieldType: 'Tipo',
        options: 'Opções',
        required: 'Obrigatório',
        active: 'Ativo',
        publicForm: 'No formulário público',
        visibleToAll: 'Visível para todos os perfis',
        sortOrder: 'Ordem',
      },
    },
    'configuracoes/igreja': {
      name: 'Igreja |||| Igreja',
      title: 'Dados da igreja',
      validity_help: 'Por quantos meses uma credencial de membro vale depois de emitida.',
      treasurer_help:
        'Assina a prestação de contas do mês, os recibos e os informes de contribuições.',
      // Issue 22: the requirement of a second factor (admins only, saved apart).
      two_factor: {
        title: 'Verificação em duas etapas',
        explain:
          'Administradores e tesoureiros guardam as chaves da igreja: exija que entrem com a senha e um código do celular. Quem ainda não configurou continua entrando durante o prazo abaixo e é lembrado a cada tela; depois dele, só entra após configurar.',
        required: 'Exigir verificação em duas etapas para administradores e tesoureiros',
        grace_days: 'Prazo para configurar (dias)',
        grace_help:
          'Conta a partir de quando a exigência é ligada ou de quando o usuário é criado (0 a 90).',
        save: 'Salvar exigência',
        saved: 'Exigência de verificação em duas etapas salva.',
      },
      // The privacy notice (issue 13).
      privacy_title: 'Privacidade (LGPD)',
      privacy_help:
        'O aviso de privacidade público é escrito a partir destes dados e dos dados da igreja acima.',
      privacy_link: 'Ver o aviso de privacidade (abre em outra aba)',
      dpo_name_help: 'A pessoa que responde pelos dados pessoais na igreja (LGPD, art. 41).',
      dpo_email_help: 'Para onde os membros mandam os pedidos sobre os seus dados.',
      privacy_sharing_help:
        'Com quem a igreja compartilha dados (por exemplo, a convenção). Em branco: o aviso diz que a igreja não compartilha.',
      privacy_retention_help:
        'Por quanto tempo a igreja guarda os dados. Em branco: o aviso usa o texto padrão (enquanto a pessoa for membro e pelo prazo que a lei exigir).',
      audit_retention_help:
        'De 1 a 20 anos. Registros mais antigos são apagados automaticamente, uma vez por dia.',
      fields: {
        name: 'Nome da igreja',
        logo: 'Logotipo',
        cnpj: 'CNPJ',
        email: 'E-mail',
        phone: 'Telefone',
        zipCode: 'CEP',
        street: 'Logradouro',
        number: 'Número',
        complement: 'Complemento',
        district: 'Bairro',
        city: 'Cidade',
        state: 'UF',
        pastorName: 'Pastor presidente',
        treasurerName: 'Tesoureiro(a)',
        credentialValidityMonths: 'Validade da credencial (meses)',
        dpoName: 'Encarregado de dados',
        dpoEmail: 'E-mail do encarregado',
        privacySharing: 'Compartilhamento de dados',
        privacyRetention: 'Prazo de guarda dos dados',
        auditRetentionYears: 'Guarda do registro de auditoria (anos)',
      },
    },
    'configuracoes/congregacoes': {
      name: 'Congregação |||| Congregações',
      forcedCaseName: 'congregação',
      empty: 'Nenhuma congregação cadastrada ainda.',
      invite: 'Cadastre as sub-sedes e congregações da igreja.',
      delete_title: 'Excluir congregação',
      delete_content:
        'Tem certeza de que deseja excluir esta congregação? Uma congregação com membros ou lançamentos não pode ser excluída: inative-a.',
      parent_help: 'A sub-sede fica vinculada à sede; a congregação, à sede ou a uma sub-sede.',
      slug_help: 'Usado no link de cadastro. Deixe em branco para gerar a partir do nome.',
      active_help: 'Uma congregação inativa não aparece para novos cadastros.',
      active_yes: 'Ativa',
      active_no: 'Inativa',
      registration_link: 'Link de cadastro de membros',
      registration_link_help: 'Quem se cadastra por este link fica nesta congregação.',
      copy_link: 'Copiar link de cadastro',
      link_copied: 'Link copiado.',
      link_not_copied: 'Não foi possível copiar: selecione o link e copie.',
      qr_alt: 'QR code do link de cadastro de %{name}',
      qr_download: 'Baixar QR code',
      transfer_help:
        'Percentual dos dízimos e ofertas que esta congregação repassa à sua sede. Um novo percentual vale a partir do mês informado; os meses anteriores continuam com o que valia.',
      fields: {
        transferPercent: 'Repasse à sede (%)',
        transferFrom: 'Repasse a partir de (mês)',
        name: 'Nome',
        kind: 'Tipo',
        parentId: 'Vinculada a',
        parentName: 'Vinculada a',
        slug: 'Endereço do link',
        leaderName: 'Dirigente',
        phone: 'Telefone',
        email: 'E-mail',
        zipCode: 'CEP',
        street: 'Logradouro',
        number: 'Número',
        complement: 'Complemento',
        district: 'Bairro',
        city: 'Cidade',
        state: 'UF',
        active: 'Situação',
        q: 'Buscar',
      },
    },
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
      congregations_help:
        'Deixe vazio para o usuário ver toda a igreja; escolha congregações para limitá-lo a elas.',
      member_help:
        'O líder vê só as células que este membro lidera ou colidera, e dos seus membros só nome, foto, telefone e aniversário.',
      // Issue 22: the second factor of a user, and an admin's reset.
      two_factor_reset: 'Redefinir verificação em duas etapas',
      two_factor_reset_content:
        'A verificação em duas etapas de %{name} será desligada e os códigos de recuperação, apagados. Use quando a pessoa perdeu o celular: ela configura de novo na próxima entrada (ou em Minha conta). Continuar?',
      two_factor_reset_done: 'Verificação em duas etapas de %{name} redefinida.',
      two_factor_on: 'verificação em duas etapas ativa',
      two_factor_self: 'a sua própria é configurada em Minha conta.',
      fields: {
        name: 'Nome',
        email: 'E-mail',
        roles: 'Papéis',
        congregationIds: 'Congregações',
        memberId: 'Membro',
        active: 'Ativo',
        password: 'Senha',
        createdAt: 'Criado em',
        twoFactorEnabled: 'Verificação em duas etapas',
      },
    },
    'configuracoes/auditoria': { name: 'Auditoria |||| Auditoria', forcedCaseName: 'auditoria' },
    // LGPD (issue 13): the consent texts and the register of the data subjects' requests.
    'configuracoes/consentimento': {
      name: 'Consentimento (LGPD) |||| Consentimento (LGPD)',
      forcedCaseName: 'consentimento',
      title: 'Consentimento (LGPD)',
      current_title: 'Texto atual — versão %{version}',
      version: 'Versão %{version}',
      saved_at: 'salva em %{datetime}',
      explain:
        'Este é o texto que o formulário público (/meu_cadastro) mostra e que a secretaria registra por padrão. Ao salvar, uma nova versão é criada: as anteriores ficam guardadas como estavam, pois há membros que consentiram com elas. Escreva %{placeholder} onde deve aparecer o nome da igreja.',
      save: 'Salvar como nova versão',
      saved: 'Versão %{version} salva: é ela que o formulário público mostra a partir de agora.',
      older_title: 'Versões anteriores',
      older_none: 'Nenhuma versão anterior: o texto nunca foi alterado.',
      fields: {
        text: 'Texto do consentimento',
        guardianText: 'Autorização do responsável (menores de 18 anos)',
      },
    },
    'configuracoes/pedidos-lgpd': {
      name: 'Pedido LGPD |||| Pedidos LGPD',
      forcedCaseName: 'pedido',
      empty: 'Nenhum pedido de titular registrado.',
      invite:
        'Registre aqui cada pedido de um titular (acesso, correção, eliminação, portabilidade, revogação): a resposta deve sair em até 15 dias.',
      overdue_filter: 'Prazo',
      overdue_any: 'Todos',
      overdue_yes: 'Atrasados',
      overdue_no: 'No prazo ou encerrados',
      received_short: 'recebido em %{date}',
      deadline_note: 'Prazo para responder: %{date} (%{days} dias após o recebimento).',
      member_help: 'Se o titular é membro, digite parte do nome para buscá-lo.',
      holder_help: 'Obrigatório quando o titular não é membro.',
      answer_help: 'O que foi respondido ou feito (ou o motivo da recusa).',
      deadline: {
        overdue: 'Atrasado há 1 dia |||| Atrasado há %{smart_count} dias',
        near: 'Vence em 1 dia |||| Vence em %{smart_count} dias',
        today: 'Vence hoje',
      },
      fields: {
        kind: 'Tipo',
        memberId: 'Membro',
        holderName: 'Titular',
        holderContact: 'Contato do titular',
        receivedOn: 'Recebido em',
        dueOn: 'Prazo',
        status: 'Situação',
        answer: 'Resposta',
        answeredOn: 'Respondido em',
        q: 'Buscar',
      },
    },
  },
};
