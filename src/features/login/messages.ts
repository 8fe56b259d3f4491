// The sign-in page's messages (adam.login.*).
export const loginMessages = {
  adam: {
    login: {
      subtitle: 'Administração da igreja',
      email: 'E-mail',
      required: 'Informe o e-mail e a senha.',
    },
  },
};
