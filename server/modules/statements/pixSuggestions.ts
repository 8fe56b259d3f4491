// A Pix credit of the bank statement that carries the txid of one of Adam's Pix codes (DIZIMO,
// OFERTA…): what the treasurer is offered to make of it — an income of the purpose's category,
// paid by Pix, from the donor the memo names when exactly one donor has that name. Only offered:
// the income is made when the treasurer confirms it.
import { type PixPurpose, pixPurposeCategory, pixPurposeOf } from '../../../domain/finance/pix.js';
import { payerNames } from '../../../domain/finance/statements.js';
import type { StatementLine } from '../../db/schema.js';
import type { Db } from '../finance/index.js';

const NAMES_AT_ONCE = 500;

export interface PixSuggestion {
  purpose: PixPurpose;
  /** Null when the church renamed or deleted the purpose's category. */
  category_id: number | null;
  donor_id: number | null;
  donor_name: string | null;
}

/** The suggestion of each pending credit among `lines` whose text carries a purpose's txid. */
export async function pixSuggestions(db: Db, lines: readonly StatementLine[]) {
  const found = new Map<number, PixSuggestion>();
  const pix = lines.flatMap((line) => {
    const purpose =
      line.status === 'pending' && line.amount_cents > 0 ? pixPurposeOf(line.description) : null;
    return purpose ? [{ line, purpose, names: payerNames(line.description) }] : [];
  });
  if (pix.length === 0) return found;
  const names = [...new Set(pix.flatMap((item) => item.names))];
  const categories = await db
    .selectFrom('finance_categories')
    .select(['id', 'name'])
    .where('kind', '=', 'income')
    .where('active', '=', true)
    .execute();
  // By the (sort_name, id) index, a few hundred names at a time (a page may hold many Pix).
  const donors: Array<{ id: number; name: string; sort_name: string }> = [];
  for (let at = 0; at < names.length; at += NAMES_AT_ONCE) {
    donors.push(
      ...(await db
        .selectFrom('donors')
        .select(['id', 'name', 'sort_name'])
        .where('sort_name', 'in', names.slice(at, at + NAMES_AT_ONCE))
        .execute()),
    );
  }
  for (const { line, purpose, names: lineNames } of pix) {
    found.set(line.id, {
      purpose,
      category_id: pixPurposeCategory(purpose, categories),
      ...payerOf(lineNames, donors),
    });
  }
  return found;
}

/**
 * The donor the memo names: among the donors whose whole name is in it, the longest name's, when
 * no other donor has it too (homonyms: none).
 */
function payerOf(
  names: readonly string[],
  donors: readonly { id: number; name: string; sort_name: string }[],
) {
  const named = new Set(names);
  const matches = donors.filter((donor) => named.has(donor.sort_name));
  const words = (donor: { sort_name: string }) => donor.sort_name.split(' ').length;
  const longest = Math.max(0, ...matches.map(words));
  const best = matches.filter((donor) => words(donor) === longest);
  return best.length === 1
    ? { donor_id: best[0].id, donor_name: best[0].name }
    : { donor_id: null, donor_name: null };
}
