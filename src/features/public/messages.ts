// The pages without login: self-registration (adam.registration.*) and the credential check
// (adam.credential_check.*).
export const publicMessages = {
  adam: {
    registration: {
      title: 'Faça seu cadastro',
      intro:
        'Preencha seus dados para a secretaria da igreja fazer o seu cadastro de membro. Os campos com * são obrigatórios.',
      congregation_title: 'Sua congregação',
      congregation: 'Congregação',
      congregation_help: 'Onde você congrega ou quer congregar.',
      congregation_unknown:
        'Não encontramos a congregação deste link (ela pode ter mudado de nome ou não receber mais cadastros). Escolha a sua congregação na lista.',
      personal: 'Seus dados',
      contact: 'Contato',
      address: 'Endereço',
      faith: 'Vida cristã',
      more: 'Outras informações',
      consent_title: 'Autorização de uso dos dados (LGPD)',
      minor_notice:
        'Menores de 18 anos: o cadastro precisa da autorização do pai, da mãe ou do responsável legal.',
      guardian_name: 'Nome do responsável',
      honeypot: 'Deixe este campo em branco',
      submit: 'Enviar cadastro',
      done_title: 'Cadastro enviado!',
      done_text:
        'Recebemos os seus dados. A secretaria da igreja vai conferi-los e, se precisar, entrar em contato.',
      again: 'Fazer outro cadastro',
      failed: 'Não foi possível enviar o cadastro. Tente novamente.',
      privacy_link: 'Leia o aviso de privacidade (abre em outra aba)',
      privacy_link_help: 'como a igreja usa e protege os seus dados, e os seus direitos.',
    },
    privacy: {
      title: 'Aviso de privacidade',
      intro:
        'Este aviso explica, em linguagem simples, como %{name} trata os dados pessoais de membros, de quem se cadastra e de quem contribui, conforme a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).',
      failed: 'Não foi possível carregar o aviso de privacidade. Tente novamente mais tarde.',
      back: 'Ir para o formulário de cadastro',
    },
    credential_check: {
      title: 'Conferência de credencial',
      valid: 'Credencial válida',
      expired: 'Credencial vencida',
      revoked: 'Credencial revogada',
      valid_until: 'Válida até %{date}',
      revoked_help: 'Esta credencial não vale mais. Em caso de dúvida, fale com a secretaria.',
      expired_help:
        'Esta credencial passou da validade. Para renová-la, fale com a secretaria da igreja.',
      position: 'Cargo',
      not_found: 'Credencial não encontrada.',
      not_found_help:
        'Confira se o endereço está completo ou fale com a secretaria da igreja que emitiu a credencial.',
      checked_at: 'Consultado em %{datetime}',
    },
  },
};
