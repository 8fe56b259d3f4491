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
