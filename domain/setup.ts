// The first-run checklist of /visao_geral (admins): what a new church must set before its first
// credential prints "Minha Igreja" and an unnamed "Pastor presidente". The server says which
// items are done; the app names them and links each to the screen where it is done.

/** The church's name as a new installation creates it (migration 0002). */
export const DEFAULT_CHURCH_NAME = 'Minha Igreja';

export const SETUP_ITEMS = [
  'church_name',
  'pastor_name',
  'city',
  'logo',
  'credential_validity',
  'users',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export interface SetupChecklist {
  items: Array<{ key: SetupItem; done: boolean }>;
  /** Every item done. */
  complete: boolean;
  /** An admin closed it (kept in the church settings). */
  dismissed: boolean;
}

/**
 * What a credential or a letter prints about the church: without these, documents went out
 * with "Minha Igreja", an unnamed "Pastor presidente" and a date line without a city.
 */
export const DOCUMENT_ITEMS = ['church_name', 'pastor_name', 'city'] as const;
export type DocumentItem = (typeof DOCUMENT_ITEMS)[number];

const DOCUMENT_ITEM_WORDS: Record<DocumentItem, string> = {
  church_name: 'nome da igreja',
  pastor_name: 'pastor presidente',
  city: 'cidade',
};

const filled = (value: string | null | undefined) => Boolean(value && value.trim());

export interface ChurchDocumentData {
  name: string | null;
  pastor_name?: string | null;
  city?: string | null;
}

/** The items of the church's data a document needs and that are still blank (or the default). */
export function missingDocumentData(church: ChurchDocumentData): DocumentItem[] {
  const done: Record<DocumentItem, boolean> = {
    church_name: filled(church.name) && church.name?.trim() !== DEFAULT_CHURCH_NAME,
    pastor_name: filled(church.pastor_name),
    city: filled(church.city),
  };
  return DOCUMENT_ITEMS.filter((item) => !done[item]);
}

/** "nome da igreja, pastor presidente e cidade" */
function listOf(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;
}

/** Why a document cannot be issued yet, and where to fix it. */
export function documentDataMessage(missing: DocumentItem[]): string {
  const words = listOf(missing.map((item) => DOCUMENT_ITEM_WORDS[item]));
  return `Antes de emitir credenciais e cartas, informe em Configurações → Igreja: ${words}.`;
}
