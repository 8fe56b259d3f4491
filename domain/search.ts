/** The normalized text of the `search` columns: lowercase, accents stripped ("João" -> "joao"). */
export function searchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a free-text query, normalized like the `search` columns; a number typed with
 * punctuation ("123.456.789-09", "(11)") keeps only its digits, as documents and phones are stored.
 */
export function searchWords(query: string): string[] {
  return searchText(query)
    .split(' ')
    .map((word) => (/^[\d.\-()/]+$/.test(word) ? word.replace(/\D/g, '') : word))
    .filter(Boolean)
    .slice(0, 8);
}

/** A `LIKE` pattern that finds `term` anywhere; LIKE's own wildcards are dropped from the term. */
export function likePattern(term: string): string {
  return `%${term.replace(/[%_\\]/g, '')}%`;
}

/**
 * What separates the tokens of the member search's word index (migration 0014): spaces, digits
 * and the "@", ".", "_", "+" and "-" of e-mails — an e-mail gives words, a CPF or a phone none.
 */
const TOKEN_SEPARATORS = new Set(' 0123456789@._+-');

/** The distinct tokens of a `search` text, as migration 0014 stores them. */
export function searchTokens(text: string): string[] {
  const tokens = new Set<string>();
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || TOKEN_SEPARATORS.has(text[i])) {
      if (i > start) tokens.add(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...tokens];
}

/**
 * Whether a query word is found through the token index: without separators, it is a substring
 * of a `search` text exactly when it is a substring of one of the text's tokens.
 */
export function isTokenWord(word: string): boolean {
  return word.length > 0 && ![...word].some((char) => TOKEN_SEPARATORS.has(char));
}
