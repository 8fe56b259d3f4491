// The pages without login: self-registration (adam.registration.*), the credential check
// (adam.credential_check.*) and a transfer letter's confirmation (adam.transfer_confirmation.*).
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
    // The member's self-update (issue 28): /atualizar_cadastro/{token}.
    self_update: {
      title: 'Atualize seus dados',
      greeting: 'Olá, %{name}!',
      intro:
        'Confira os seus dados abaixo e corrija o que mudou. A secretaria da igreja vai conferir as alterações antes de atualizar o seu cadastro.',
      valid_until: 'Este link pessoal vale até %{datetime} e pode ser usado uma vez.',
      contact: 'Telefones',
      email: 'E-mail',
      address: 'Endereço',
      profession: 'Profissão',
      marital_status: 'Estado civil',
      consent_title: 'Autorização de uso dos dados (LGPD)',
      submit: 'Enviar atualização',
      done_title: 'Dados enviados!',
      failed: 'Não foi possível enviar a atualização. Tente novamente.',
      unusable_title: 'Não é possível usar este link',
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
    transfer_confirmation: {
      title: 'Confirmação de transferência',
      intro:
        'Recebeu um membro com carta de transferência desta igreja? Digite o código impresso na carta para confirmar o recebimento.',
      code: 'Código da carta',
      code_help: 'Os 16 caracteres impressos no quadro “Confirmação do recebimento”.',
      find: 'Buscar carta',
      letter_title: 'Carta de transferência',
      member: 'Membro',
      origin: 'Igreja de origem',
      letter: 'Carta nº',
      letter_date: 'Data da carta',
      confirm_help:
        'Confirme que a sua igreja recebeu este membro. A igreja de origem verá a confirmação, com o nome da igreja e de quem confirmou.',
      receiving_church: 'Igreja que recebe o membro',
      confirmed_by: 'Seu nome',
      confirmed_by_help: 'Quem confirma, em nome da igreja que recebe.',
      confirm: 'Confirmar recebimento',
      done_title: 'Recebimento confirmado',
    },
    unsubscribe: {
      title: 'Descadastrar-se das mensagens',
      question: '%{name}, quer deixar de receber as mensagens da %{church} por e-mail e WhatsApp?',
      confirm: 'Não quero mais receber mensagens',
      done: 'Pronto: você não receberá mais mensagens da %{church}.',
      done_help: 'Mudou de ideia? Fale com a secretaria da igreja.',
      not_found: 'Link de descadastro inválido.',
      not_found_help: 'Confira se o endereço está completo ou fale com a secretaria da igreja.',
    },
  },
};
