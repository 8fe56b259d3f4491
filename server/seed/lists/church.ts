// The seeded church's own lists: churches members come from, secretary's notes, departments
// (who may join each) and the custom fields it defines.

export const ORIGIN_CHURCHES = [
  'Assembleia de Deus Ministério do Belém',
  'Assembleia de Deus Ministério de Madureira',
  'Primeira Igreja Batista',
  'Igreja Batista da Lagoinha',
  'Igreja Presbiteriana do Brasil',
  'Igreja do Evangelho Quadrangular',
  'Igreja Metodista',
  'Igreja Adventista do Sétimo Dia',
  'Congregação Cristã no Brasil',
  'Igreja Pentecostal Deus é Amor',
  'Igreja O Brasil para Cristo',
  'Comunidade Evangélica Sara Nossa Terra',
  'Igreja Batista Renovada',
  'Igreja Evangélica Luterana',
  'Igreja de Cristo',
];

export const NOTES = [
  'Prefere contato pelo WhatsApp.',
  'Trabalha aos domingos pela manhã; frequenta o culto da noite.',
  'Visitar: está se recuperando de cirurgia.',
  'Mudou-se recentemente; confirmar o endereço.',
  'Canta no coral desde a juventude.',
  'Ajuda na cantina nas festividades.',
  'Pediu a carta de transferência.',
  'Acompanhar a família no discipulado.',
];

/** The departments of the seeded church: who may join each, and how popular it is. */
export interface DepartmentSeed {
  name: string;
  description: string;
  weight: number;
  minAge?: number;
  maxAge?: number;
  sex?: 'M' | 'F';
  married?: boolean;
}

export const DEPARTMENTS: DepartmentSeed[] = [
  {
    name: 'Escola Bíblica Dominical',
    description: 'Classes de estudo bíblico aos domingos, por faixa etária.',
    weight: 10,
  },
  {
    name: 'Ministério de Louvor',
    description: 'Músicos, cantores e o coral da igreja.',
    weight: 4,
    minAge: 12,
  },
  {
    name: 'Departamento Infantil',
    description: 'Crianças de 0 a 12 anos e seus professores.',
    weight: 10,
    maxAge: 12,
  },
  {
    name: 'Mocidade',
    description: 'Jovens e adolescentes de 13 a 29 anos.',
    weight: 8,
    minAge: 13,
    maxAge: 29,
  },
  {
    name: 'Círculo de Oração',
    description: 'Reuniões de oração durante a semana.',
    weight: 4,
    minAge: 18,
    sex: 'F',
  },
  {
    name: 'Ministério de Mulheres',
    description: 'Irmãs da igreja: encontros, visitas e congressos.',
    weight: 5,
    minAge: 18,
    sex: 'F',
  },
  {
    name: 'Ministério de Homens',
    description: 'Varões da igreja: encontros e ações de apoio.',
    weight: 4,
    minAge: 18,
    sex: 'M',
  },
  { name: 'Missões', description: 'Apoio a missionários e campos missionários.', weight: 3 },
  {
    name: 'Ação Social',
    description: 'Cestas básicas, visitas e campanhas de arrecadação.',
    weight: 3,
    minAge: 16,
  },
  {
    name: 'Casais',
    description: 'Encontros e aconselhamento de casais.',
    weight: 4,
    married: true,
  },
  {
    name: 'Mídia e Comunicação',
    description: 'Transmissões, som, projeção e redes sociais.',
    weight: 1.5,
    minAge: 15,
    maxAge: 50,
  },
];

export const SCHOOLING = ['Ensino fundamental', 'Ensino médio', 'Ensino superior', 'Pós-graduação'];

/** The custom fields the seed defines (campos adicionais). */
/** `public_form`: also asked on /meu_cadastro; "Dizimista" is the secretary's. */
export const CUSTOM_FIELDS = [
  { label: 'Data de conversão', field_type: 'date', options: [] as string[], public_form: true },
  { label: 'Escolaridade', field_type: 'choice', options: SCHOOLING, public_form: true },
  { label: 'Dizimista', field_type: 'boolean', options: [] as string[], public_form: false },
] as const;
