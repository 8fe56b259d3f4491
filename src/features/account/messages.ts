// The account screen's messages (adam.account.*, issue 22).
export const accountMessages = {
  adam: {
    account: {
      title: 'Minha conta',
      menu: 'Minha conta',
      roles: 'Papéis: %{roles}',
      no_role: 'nenhum',
      explain:
        'Com a verificação em duas etapas, além da senha a entrada pede um código de 6 dígitos que muda a cada 30 segundos, gerado por um aplicativo autenticador no seu celular. Quem descobrir a sua senha não entra sem o seu celular.',
      enable: 'Ativar verificação em duas etapas',
      enabled_since: 'Ativada em %{date}.',
      codes_left:
        'Resta %{smart_count} código de recuperação. |||| Restam %{smart_count} códigos de recuperação.',
      required_until:
        'A igreja exige a verificação em duas etapas para administradores e tesoureiros. Configure-a até %{date}; depois disso, a entrada só será possível após configurá-la.',
      required_keep:
        'A igreja exige a verificação em duas etapas para o seu perfil: ela não pode ser desativada. Se perder o celular, entre com um código de recuperação ou peça a um administrador que a redefina.',
      disable: 'Desativar',
      disable_title: 'Desativar a verificação em duas etapas',
      disable_explain:
        'Para desativar, confirme a sua senha e um código do aplicativo (ou um código de recuperação).',
      disabled: 'Verificação em duas etapas desativada.',
      renew: 'Gerar novos códigos de recuperação',
      renew_explain:
        'Os códigos de recuperação atuais deixam de valer e 10 novos aparecem uma única vez. Confirme a sua senha e um código do aplicativo (ou um código de recuperação).',
      renew_submit: 'Gerar códigos',
      reminder:
        'A igreja exige a verificação em duas etapas para o seu perfil. Configure-a até %{date}.',
      reminder_action: 'Configurar agora',
    },
  },
};
