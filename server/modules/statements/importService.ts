// Importing an OFX file on a bank account: its lines stored once each (known again by their FITID
// or, when the bank leaves it empty, by a key of their own), the statement's balance kept for the
// reconciliation screen. Nothing is written when the file cannot be read.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { descriptionWords } from '../../../domain/finance/statements.js';
import type { Database, NewStatementLine } from '../../db/schema.js';
import type { OfxLine, OfxStatement } from '../../imports/ofx.js';
import { ApiError, badRequest } from '../../plugins/errors.js';
import { type Actor, audit } from '../audit/trail.js';

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

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** Whether the file's ACCTID is the account's number (digits compared, either way round). */
function matchesAccount(fileAccount: string | null, accountNumber: string | null): boolean {
  const a = digits(fileAccount);
  const b = digits(accountNumber);
  return a !== '' && b !== '' && (a.endsWith(b) || b.endsWith(a));
}

/** Whether the file's ACCTID can be the account's number (either unknown, or matching). */
function sameAccount(fileAccount: string | null, accountNumber: string | null): boolean {
  if (!digits(fileAccount) || !digits(accountNumber)) return true;
  return matchesAccount(fileAccount, accountNumber);
}

/** One account of a file that brings several, as the treasurer chooses among them. */
export interface StatementChoice {
  /** What to send back in the `statement` field to import this one. */
  index: number;
  kind: OfxStatement['kind'];
  bank_id: string | null;
  branch_id: string | null;
  account_id: string | null;
  start_date: string | null;
  end_date: string | null;
  line_count: number;
  /** Whether its number is the bank account's. */
  matches: boolean;
}

/** A file of several accounts and no choice: a 409 that lists them (the client picks one). */
export class ChooseStatementError extends ApiError {
  constructor(readonly statements: StatementChoice[]) {
    super(
      409,
      `O arquivo traz extratos de ${statements.length} contas: escolha qual importar nesta conta.`,
    );
  }
}

/**
 * The statement of the file to import on `account`: the only one; the one chosen (`choice`, its
 * index); or, without a choice, the only one whose number is the account's. Else a 409 listing them.
 */
export function chooseStatement(
  statements: readonly OfxStatement[],
  account: { account_number: string | null },
  choice: string | undefined,
): OfxStatement {
  if (choice !== undefined && choice.trim() !== '') {
    const index = /^\d{1,3}$/.test(choice.trim()) ? Number(choice.trim()) : -1;
    if (index < 0 || index >= statements.length) {
      throw badRequest(
        `Campo statement: escolha uma das contas do arquivo (de 0 a ${statements.length - 1}).`,
      );
    }
    return statements[index];
  }
  if (statements.length === 1) return statements[0];
  const matching = statements.filter((statement) =>
    matchesAccount(statement.account_id, account.account_number),
  );
  if (matching.length === 1) return matching[0];
  throw new ChooseStatementError(
    statements.map((statement, index) => ({
      index,
      kind: statement.kind,
      bank_id: statement.bank_id,
      branch_id: statement.branch_id,
      account_id: statement.account_id,
      start_date: statement.start_date,
      end_date: statement.end_date,
      line_count: statement.lines.length,
      matches: matchesAccount(statement.account_id, account.account_number),
    })),
  );
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
    /** Stores the new lines of a statement read from a file on `account`; answers new and known lines. */
    async import(
      actor: Actor,
      account: { id: number; account_number: string | null },
      statement: OfxStatement,
      fileName: string | null,
    ) {
      if (statement.currency && statement.currency.toUpperCase() !== 'BRL') {
        throw badRequest(
          `O extrato está em ${statement.currency}: o Adam registra movimentações em reais (BRL).`,
        );
      }
      const keys = lineKeys(statement.lines);
      const now = new Date().toISOString();
      // The rows made before the transaction: it holds the database (on SQLite, the one
      // connection every request shares) only for the writes.
      const lineRows = statement.lines.map((line, index) => ({
        bank_account_id: account.id,
        line_key: keys[index],
        fitid: line.fitid,
        trn_type: line.trn_type,
        date: line.date,
        amount_cents: line.amount_cents,
        description: line.description,
        name: line.name,
        memo: line.memo,
        check_number: line.check_number,
        words: descriptionWords(line.description),
        status: 'pending' as const,
        created_at: now,
      }));
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
        // Each line as stored: the new ones as the insert returns them, the known ones read after.
        const stored = new Map<string, ImportedLine>();
        const inserted = new Set<string>();
        const columns = [
          'id',
          'line_key',
          'date',
          'amount_cents',
          'description',
          'fitid',
          'status',
        ] as const;
        for (let start = 0; start < statement.lines.length; start += CHUNK) {
          const rows: NewStatementLine[] = lineRows
            .slice(start, start + CHUNK)
            .map((row) => ({ ...row, statement_id: statementId }));
          // A line already imported (this file again, or an overlapping period) stays as it is.
          const added = await trx
            .insertInto('statement_lines')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['bank_account_id', 'line_key']).doNothing())
            .returning(columns)
            .execute();
          for (const { line_key, ...row } of added) {
            inserted.add(line_key);
            stored.set(line_key, row);
          }
        }
        await trx
          .updateTable('bank_statements')
          .set({ new_count: inserted.size })
          .where('id', '=', statementId)
          .execute();
        const known = keys.filter((key) => !inserted.has(key));
        for (let start = 0; start < known.length; start += CHUNK) {
          const rows = await trx
            .selectFrom('statement_lines')
            .select(columns)
            .where('bank_account_id', '=', account.id)
            .where('line_key', 'in', known.slice(start, start + CHUNK))
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
        const warnings: string[] = [];
        if (!sameAccount(statement.account_id, account.account_number)) {
          warnings.push(
            `O extrato é da conta ${statement.account_id}, e esta conta está cadastrada com o número ${account.account_number}: confira se escolheu a conta certa.`,
          );
        }
        if (statement.lines.length === 0) {
          warnings.push(
            'O extrato não traz nenhum lançamento: confira o período escolhido ao exportá-lo no banco.',
          );
        }
        return { statement: summary, warnings, new_lines: newLines, known_lines: knownLines };
      });
    },
  };
}
