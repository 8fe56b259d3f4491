// Importing an OFX file on a bank account: its lines stored once each (known again by their FITID
// or, when the bank leaves it empty, by a key of their own), the statement's balance kept for the
// reconciliation screen. Nothing is written when the file cannot be read.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { descriptionWords } from '../../../domain/finance/statements.js';
import type { Database, NewStatementLine } from '../../db/schema.js';
import { type OfxLine, type OfxStatement, OfxError, parseOfx } from '../../imports/ofx.js';
import { badRequest } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';

/** The key a line is known by in its account: the FITID, or a digest of what it says. */
export function lineKeys(lines: readonly OfxLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = line.fitid
      ? line.fitid
      : `sem-fitid:${createHash('sha256')
          .update(
            `${line.date}|${line.amount_cents}|${line.description}|${line.check_number ?? ''}`,
          )
          .digest('hex')
          .slice(0, 32)}`;
    // The same key twice in one file (a bank that repeats a FITID, two equal lines without one):
    // the second is another line, #2, and stays #2 when the file comes again.
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  });
}

/** Whether the file's ACCTID can be the account's number (digits compared, either way round). */
function sameAccount(fileAccount: string | null, accountNumber: string | null): boolean {
  const digits = (text: string | null) => (text ?? '').replace(/\D/g, '').replace(/^0+/, '');
  const a = digits(fileAccount);
  const b = digits(accountNumber);
  if (!a || !b) return true;
  return a.endsWith(b) || b.endsWith(a);
}

const CHUNK = 500;

export interface ImportedLine {
  id: number;
  date: string;
  amount_cents: number;
  description: string;
  fitid: string | null;
  status: string;
}

export function statementImportService(db: Kysely<Database>) {
  return {
    /** Reads `bytes` as OFX and stores its new lines on `account`; answers new and known lines. */
    async import(
      actor: Actor,
      account: { id: number; account_number: string | null },
      bytes: Buffer,
      fileName: string | null,
    ) {
      let statement: OfxStatement;
      try {
        statement = parseOfx(bytes);
      } catch (error) {
        if (error instanceof OfxError) throw badRequest(error.message);
        throw error;
      }
      if (statement.currency && statement.currency.toUpperCase() !== 'BRL') {
        throw badRequest(
          `O extrato está em ${statement.currency}: o Adam registra movimentações em reais (BRL).`,
        );
      }
      const keys = lineKeys(statement.lines);
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const { id: statementId } = await trx
          .insertInto('bank_statements')
          .values({
            bank_account_id: account.id,
            file_name: fileName?.slice(0, 200) ?? null,
            bank_id: statement.bank_id,
            account_id: statement.account_id,
            start_date: statement.start_date,
            end_date: statement.end_date,
            ledger_balance_cents: statement.ledger_balance?.amount_cents ?? null,
            ledger_balance_date: statement.ledger_balance?.date ?? statement.end_date,
            available_balance_cents: statement.available_balance?.amount_cents ?? null,
            line_count: statement.lines.length,
            new_count: 0,
            user_id: actor.user_id,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const inserted = new Set<string>();
        for (let start = 0; start < statement.lines.length; start += CHUNK) {
          const rows: NewStatementLine[] = statement.lines
            .slice(start, start + CHUNK)
            .map((line, offset) => ({
              bank_account_id: account.id,
              statement_id: statementId,
              line_key: keys[start + offset],
              fitid: line.fitid,
              trn_type: line.trn_type,
              date: line.date,
              amount_cents: line.amount_cents,
              description: line.description,
              name: line.name,
              memo: line.memo,
              check_number: line.check_number,
              words: descriptionWords(line.description),
              status: 'pending',
              created_at: now,
            }));
          // A line already imported (this file again, or an overlapping period) stays as it is.
          const added = await trx
            .insertInto('statement_lines')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['bank_account_id', 'line_key']).doNothing())
            .returning('line_key')
            .execute();
          for (const row of added) inserted.add(row.line_key);
        }
        await trx
          .updateTable('bank_statements')
          .set({ new_count: inserted.size })
          .where('id', '=', statementId)
          .execute();
        const stored = new Map<string, ImportedLine>();
        for (let start = 0; start < keys.length; start += CHUNK) {
          const rows = await trx
            .selectFrom('statement_lines')
            .select(['id', 'line_key', 'date', 'amount_cents', 'description', 'fitid', 'status'])
            .where('bank_account_id', '=', account.id)
            .where('line_key', 'in', keys.slice(start, start + CHUNK))
            .execute();
          for (const { line_key, ...row } of rows) stored.set(line_key, row);
        }
        const newLines: ImportedLine[] = [];
        const knownLines: ImportedLine[] = [];
        for (const key of keys) {
          const line = stored.get(key)!;
          (inserted.has(key) ? newLines : knownLines).push(line);
        }
        const summary = {
          id: statementId,
          bank_account_id: account.id,
          file_name: fileName,
          version: statement.version,
          encoding: statement.encoding,
          bank_id: statement.bank_id,
          account_id: statement.account_id,
          start_date: statement.start_date,
          end_date: statement.end_date,
          ledger_balance_cents: statement.ledger_balance?.amount_cents ?? null,
          ledger_balance_date: statement.ledger_balance?.date ?? statement.end_date,
          available_balance_cents: statement.available_balance?.amount_cents ?? null,
          line_count: statement.lines.length,
          new_count: newLines.length,
          known_count: knownLines.length,
        };
        await audit(trx, actor, {
          action: 'import',
          resource: 'bank_statements',
          record_id: statementId,
          changes: {
            bank_account_id: [null, account.id],
            file_name: [null, fileName],
            line_count: [null, summary.line_count],
            new_count: [null, summary.new_count],
          },
        });
        const warnings = sameAccount(statement.account_id, account.account_number)
          ? []
          : [
              `O extrato é da conta ${statement.account_id}, e esta conta está cadastrada com o número ${account.account_number}: confira se escolheu a conta certa.`,
            ];
        return { statement: summary, warnings, new_lines: newLines, known_lines: knownLines };
      });
    },
  };
}
