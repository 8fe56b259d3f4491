// The sign-in page's messages (adam.login.*).
export const loginMessages = {
  adam: {
    login: {
      subtitle: 'Administração da igreja',
      email: 'E-mail',
      required: 'Informe o e-mail e a senha.',
      // Issue 22: the second step, when the user has two-factor sign-in.
      code_intro: 'Abra o aplicativo autenticador do celular e digite o código de 6 dígitos.',
      recovery_intro:
        'Sem o celular? Digite um dos códigos de recuperação guardados quando a verificação foi ativada. Cada código vale uma vez.',
      use_recovery_code: 'Usar um código de recuperação',
      use_app_code: 'Usar o código do aplicativo',
      setup_title: 'Configure a verificação em duas etapas',
    },
  },
};
