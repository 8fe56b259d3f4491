// Names and cities of the finance seed's parties (donors and vendors): a short list is enough,
// finance screens search by document and name, not by rare surnames.

export const PARTY_FIRST_NAMES = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
  'Márcia',
  'Pedro',
  'Raquel',
  'Lucas',
  'Débora',
  'Gabriel',
  'Sara',
  'Mateus',
  'Rute',
  'Davi',
  'Ester',
  'Samuel',
  'Priscila',
  'Elias',
];
export const PARTY_SURNAMES = [
  'da Silva',
  'dos Santos',
  'de Oliveira',
  'de Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Nascimento',
  'Conceição',
  'Moreira',
];
export const COMPANY_TRADES = [
  'Papelaria',
  'Distribuidora',
  'Materiais de Construção',
  'Elétrica',
  'Gráfica',
  'Supermercado',
  'Som e Luz',
  'Informática',
  'Limpeza',
  'Transportes',
  'Refrigeração',
  'Vidraçaria',
];
/** Donors and vendors live where the church is (the seed's church is in São Paulo). */
export const PARTY_CITIES: Array<[string, string]> = [
  ['São Paulo', 'SP'],
  ['São Paulo', 'SP'],
  ['São Paulo', 'SP'],
  ['São Paulo', 'SP'],
  ['Guarulhos', 'SP'],
  ['Osasco', 'SP'],
  ['Santo André', 'SP'],
];

/**
 * The vendors of the monthly bills (expenses.ts, in this order), as a church in São Paulo pays
 * them: the landlord, Sabesp, Enel, the telephone company, the pastor (his prebenda), the
 * accountant.
 */
export const BILL_VENDORS: Array<{ name: string; entity: boolean }> = [
  { name: 'Imobiliária Paulista de Imóveis Ltda.', entity: true },
  { name: 'Sabesp – Companhia de Saneamento Básico do Estado de São Paulo', entity: true },
  { name: 'Enel Distribuição São Paulo', entity: true },
  { name: 'Vivo – Telefônica Brasil S.A.', entity: true },
  { name: 'Jonas Almeida Ribeiro', entity: false },
  { name: 'Contabilidade Fiel Serviços Contábeis Ltda.', entity: true },
];
