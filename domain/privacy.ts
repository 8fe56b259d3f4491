// The privacy notice (/privacidade, issue 13): written from the church's settings, so each church
// publishes its own — the controller (LGPD art. 5 VI), its encarregado (art. 41), the purposes,
// the legal bases (art. 11), sharing, retention, the holder's rights (art. 18) and how to ask.
// Pure: the public page renders it, and a test reads it without a browser.
import { formatCnpj, formatPhone, formatZipCode } from './formats';

/** What GET /api/public/privacy answers (the app's camelCase keys). */
export interface PrivacySettings {
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  dpoName: string | null;
  dpoEmail: string | null;
  privacyRetention: string | null;
  privacySharing: string | null;
}

export interface NoticeSection {
  id: string;
  title: string;
  paragraphs: string[];
  /** A list after the paragraphs. */
  items?: string[];
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The church's address on one line ("Rua A, 10 – Centro – Belo Horizonte/MG – CEP 30140-071"). */
export function churchAddress(s: PrivacySettings): string {
  const street = [s.street, s.number, s.complement].filter(present).join(', ');
  const city = [s.city, s.state].filter(present).join('/');
  const zip = present(s.zipCode) ? `CEP ${formatZipCode(s.zipCode)}` : '';
  return [street, s.district, city, zip].filter(present).join(' – ');
}

/** Where a holder sends a request: the encarregado's e-mail, or the church's. */
export function requestContact(s: PrivacySettings): string | null {
  if (present(s.dpoEmail)) return s.dpoEmail;
  return present(s.email) ? s.email : null;
}

export const DEFAULT_RETENTION =
  'Os dados do cadastro são guardados enquanto você fizer parte da igreja. Depois do desligamento, ' +
  'da transferência ou do falecimento, ficam guardados apenas o necessário para a história da ' +
  'igreja (como o registro de cartas e credenciais emitidas) e pelo tempo que a lei exigir; os ' +
  'registros financeiros de dízimos e ofertas são guardados pelo prazo da legislação contábil e ' +
  'fiscal. O que não for mais necessário é eliminado ou anonimizado.';

export const DEFAULT_SHARING =
  'A igreja não vende, não empresta e não compartilha os seus dados com outras pessoas ou ' +
  'organizações, a não ser quando a lei ou uma autoridade o exigir.';

export const HOLDER_RIGHTS = [
  'confirmar se a igreja trata dados seus;',
  'acessar os seus dados;',
  'corrigir dados incompletos, inexatos ou desatualizados;',
  'pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com a LGPD;',
  'pedir a portabilidade dos seus dados a outra organização;',
  'pedir a eliminação dos dados tratados com o seu consentimento, salvo o que a lei manda guardar;',
  'saber com quem a igreja compartilhou os seus dados;',
  'saber que pode não dar o consentimento e o que acontece se não der;',
  'revogar o consentimento a qualquer momento.',
];

/** The notice's sections, in reading order. */
export function privacyNotice(s: PrivacySettings): NoticeSection[] {
  const address = churchAddress(s);
  const details = [
    present(s.cnpj) ? `inscrita no CNPJ ${formatCnpj(s.cnpj)}` : '',
    address ? `com sede em ${address}` : '',
  ].filter(present);
  const controller = [
    `${[s.name, ...details].join(', ')}${details.length > 0 ? ',' : ''} é a controladora dos ` +
      'dados pessoais tratados no cadastro da igreja: é ela quem decide como eles são usados e ' +
      'responde por eles.',
  ];
  const churchContacts = [s.email, formatPhone(s.phone)].filter(present);
  if (churchContacts.length > 0)
    controller.push(`Contato da igreja: ${churchContacts.join(' · ')}.`);

  const contact = requestContact(s);
  const dpo = present(s.dpoName)
    ? [
        `O encarregado pelo tratamento de dados pessoais da igreja é ${s.dpoName}` +
          `${present(s.dpoEmail) ? `, pelo e-mail ${s.dpoEmail}` : ''}. É a essa pessoa que você ` +
          'se dirige para tratar dos seus dados; ela também recebe as comunicações da Autoridade ' +
          'Nacional de Proteção de Dados (ANPD).',
      ]
    : [
        'A igreja ainda não indicou o encarregado pelo tratamento de dados pessoais. Enquanto isso, ' +
          `fale com a secretaria${contact ? ` pelo e-mail ${contact}` : ''}.`,
      ];

  return [
    { id: 'controlador', title: 'Quem cuida dos seus dados', paragraphs: controller },
    { id: 'encarregado', title: 'Encarregado pelo tratamento de dados', paragraphs: dpo },
    {
      id: 'dados',
      title: 'Quais dados tratamos',
      paragraphs: [
        'Nome, foto, CPF, RG, data de nascimento, sexo, estado civil, filiação, naturalidade e ' +
          'profissão; telefones, e-mail e endereço; a sua vida na igreja (situação, congregação, ' +
          'cargo, departamentos, datas de admissão e de batismo); as credenciais e cartas emitidas; ' +
          'o consentimento que você deu; e, se você contribui, os registros dos seus dízimos e ofertas.',
        'Fazer parte de uma igreja revela convicção religiosa, que a LGPD trata como dado pessoal ' +
          'sensível (art. 5º, II). Por isso o acesso é restrito: a secretaria vê o cadastro ' +
          'completo; a tesouraria e os demais usuários veem apenas nome, foto, situação, cargo, ' +
          'congregação e departamentos.',
      ],
    },
    {
      id: 'finalidades',
      title: 'Para que usamos os seus dados',
      paragraphs: ['Usamos os seus dados apenas para:'],
      items: [
        'manter o cadastro de membros da igreja e das suas congregações;',
        'o cuidado pastoral e a vida da igreja: visitas, aniversários, departamentos e ministérios;',
        'emitir credenciais de membro e cartas de recomendação e de transferência;',
        'registrar dízimos e ofertas, emitir recibos e prestar contas.',
      ],
    },
    {
      id: 'bases-legais',
      title: 'Com que base legal',
      paragraphs: [
        'Consentimento (LGPD, art. 11, I): o cadastro, o cuidado pastoral, as credenciais e as ' +
          'cartas se apoiam no consentimento que você dá, de forma específica e destacada, ao se ' +
          'cadastrar. Para crianças e adolescentes, o consentimento é dado por um dos pais ou pelo ' +
          'responsável legal (art. 14, § 1º).',
        'Cumprimento de obrigação legal (LGPD, art. 11, II, “a”): os registros financeiros de ' +
          'dízimos e ofertas são mantidos porque a igreja precisa guardar a sua escrituração ' +
          'contábil e fiscal.',
      ],
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      paragraphs: [present(s.privacySharing) ? s.privacySharing.trim() : DEFAULT_SHARING],
    },
    {
      id: 'guarda',
      title: 'Por quanto tempo guardamos',
      paragraphs: [present(s.privacyRetention) ? s.privacyRetention.trim() : DEFAULT_RETENTION],
    },
    {
      id: 'direitos',
      title: 'Os seus direitos',
      paragraphs: [
        'A LGPD (art. 18) garante a você, a qualquer momento e sem custo, o direito de:',
      ],
      items: HOLDER_RIGHTS,
    },
    {
      id: 'como-pedir',
      title: 'Como fazer um pedido',
      paragraphs: [
        (contact
          ? `Envie o seu pedido para ${contact}`
          : 'Faça o seu pedido à secretaria da igreja') +
          ', dizendo o seu nome completo e o que deseja. Para proteger os seus dados, podemos ' +
          'pedir que você confirme a sua identidade. Respondemos em até 15 dias (art. 19, II).',
        'Se a resposta não resolver o seu pedido, você pode fazer uma reclamação à Autoridade ' +
          'Nacional de Proteção de Dados (ANPD), em gov.br/anpd (art. 18, § 1º).',
      ],
    },
  ];
}
