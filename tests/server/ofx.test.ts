// The OFX reader (issue 14) on the shapes Brazilian banks export, written from the format's
// specification into tests/fixtures/ofx: SGML and XML, Windows-1252 and UTF-8, amounts with a
// comma or a dot, DEBIT lines with either sign, memo-only descriptions, empty FITIDs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  OFX_MAX_LINES,
  OfxError,
  OfxTooLargeError,
  parseOfx,
  parseOfxAmount,
  parseOfxDate,
} from '../../server/imports/ofx.js';
import { buildOfx } from '../support/ofx.js';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/ofx', name));
const summary = (name: string) =>
  parseOfx(fixture(name))[0].lines.map((line) => [line.date, line.amount_cents, line.description]);

describe('OFX reader', () => {
  it('Banco do Brasil: SGML in Windows-1252, open leaf tags, dates with time and zone', () => {
    const [statement] = parseOfx(fixture('banco-do-brasil.ofx'));
    expect(statement).toMatchObject({
      version: 1,
      encoding: 'windows-1252',
      currency: 'BRL',
      bank_id: '001',
      branch_id: '1234-5',
      account_id: '12345-6',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      ledger_balance: { amount_cents: 111_935, date: '2026-03-31' },
      available_balance: null,
    });
    expect(summary('banco-do-brasil.ofx')).toEqual([
      ['2026-03-02', 150_000, 'Pix - Recebido 02/03 12:10 Dízimo Fulano'],
      ['2026-03-05', -35_075, 'Pagamento de Boleto - CEMIG Energia Elétrica'],
      ['2026-03-10', -2_990, 'Tarifa Pacote de Serviços'],
    ]);
    expect(statement.lines[1]).toMatchObject({
      trn_type: 'DEBIT',
      fitid: '202603050001',
      check_number: '000002',
      name: null,
    });
  });

  it('Itaú: plain dates, memo only, a FITID repeated for two lines', () => {
    const [statement] = parseOfx(fixture('itau.ofx'));
    expect(statement.encoding).toBe('utf-8');
    expect(statement.ledger_balance).toEqual({ amount_cents: -87_000, date: '2026-03-31' });
    expect(statement.lines.map((line) => line.fitid)).toEqual([
      '20260303001',
      '20260308001',
      '20260308001',
    ]);
    expect(summary('itau.ofx')[2]).toEqual(['2026-03-08', 8_000, 'PIX TRANSF JOSE C08/03']);
  });

  it('Bradesco: closed leaf tags, comma decimals and thousands, NAME and MEMO, empty FITIDs', () => {
    const [statement] = parseOfx(fixture('bradesco.ofx'));
    expect(statement.encoding).toBe('windows-1252');
    expect(summary('bradesco.ofx')).toEqual([
      ['2026-03-12', -8_990, 'TARIFA BANCÁRIA – CESTA FÁCIL'],
      ['2026-03-12', -8_990, 'TARIFA BANCÁRIA – CESTA FÁCIL'],
      // The memo repeats the name: said once.
      ['2026-03-15', 123_456, 'TED RECEBIDA - OFERTA MISSÕES'],
    ]);
    expect(statement.lines.map((line) => line.fitid)).toEqual([null, null, '0315A']);
    expect(statement.available_balance).toEqual({ amount_cents: 105_476, date: '2026-03-31' });
  });

  it('Caixa: TRNTYPE OTHER signed by the amount, an unescaped "&", milliseconds in dates', () => {
    expect(summary('caixa.ofx')).toEqual([
      ['2026-03-04', -4_500, 'ÁGUA & ESGOTO COPASA'],
      ['2026-03-20', 30_000, 'DEP DINHEIRO AG'],
    ]);
  });

  it('Nubank: UTF-8 SGML with every tag closed', () => {
    const [statement] = parseOfx(fixture('nubank.ofx'));
    expect(statement.encoding).toBe('utf-8');
    expect(summary('nubank.ofx')).toEqual([
      [
        '2026-03-06',
        50_000,
        'Transferência recebida pelo Pix - JOÃO DA SILVA - •••.123.456-•• - BCO DO BRASIL',
      ],
      ['2026-03-07', -12_050, 'Compra no débito - Papelaria São José'],
    ]);
  });

  it('Sicoob: OFX 2.x XML with a BOM, a DEBIT with a positive amount, entities, AVAILBAL', () => {
    const [statement] = parseOfx(fixture('sicoob.ofx'));
    expect(statement).toMatchObject({
      version: 2,
      encoding: 'utf-8',
      account_id: '55555-0',
      ledger_balance: { amount_cents: 92_500, date: '2026-03-31' },
      available_balance: { amount_cents: 90_000, date: '2026-03-31' },
    });
    expect(summary('sicoob.ofx')).toEqual([
      ['2026-03-09', -7_500, 'Conta de telefone – Débito automático Vivo & internet'],
      ['2026-03-25', 100_000, 'Oferta campanha'],
    ]);
  });

  it('reads the odd date and amount forms', () => {
    expect(parseOfxDate('20240131')).toBe('2024-01-31');
    expect(parseOfxDate('20240131120000[-3:BRT]')).toBe('2024-01-31');
    expect(parseOfxDate('20240131120000.123[-03:EST]')).toBe('2024-01-31');
    expect(parseOfxDate('2024-01-31')).toBe('2024-01-31');
    expect(parseOfxDate('20240231')).toBeNull();
    expect(parseOfxDate('ontem')).toBeNull();
    expect(parseOfxAmount('-150,00')).toBe(-15_000);
    expect(parseOfxAmount('1200.5')).toBe(120_050);
    expect(parseOfxAmount('1.234,56')).toBe(123_456);
    expect(parseOfxAmount('1,234.56')).toBe(123_456);
    expect(parseOfxAmount('+10')).toBe(1_000);
    expect(parseOfxAmount('10.00-')).toBe(-1_000);
    expect(parseOfxAmount('0.005')).toBe(1);
    expect(parseOfxAmount('12a')).toBeNull();
    expect(parseOfxAmount('')).toBeNull();
  });

  it('refuses what is not a statement, in Portuguese', () => {
    const refusal = (bytes: Buffer) => {
      try {
        parseOfx(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(OfxError);
        return (error as Error).message;
      }
      throw new Error('aceitou');
    };
    expect(refusal(Buffer.alloc(0))).toBe('O arquivo está vazio.');
    expect(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toMatch(/binário/);
    expect(refusal(Buffer.from('Data;Descrição;Valor\n01/03/2026;Oferta;10,00\n'))).toMatch(
      /não é um extrato OFX/,
    );
    expect(refusal(Buffer.from('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'))).toBe(
      'O arquivo OFX não traz extrato de conta.',
    );
    const badDate = fixture('caixa.ofx').toString('latin1').replace('20260304000000.000', '2026');
    expect(refusal(Buffer.from(badDate, 'latin1'))).toBe(
      'Lançamento 1 do extrato: data (DTPOSTED) ausente ou inválida.',
    );
    const badAmount = fixture('itau.ofx').toString().replace('-1200.00', 'mil reais');
    expect(refusal(Buffer.from(badAmount))).toBe(
      'Lançamento 1 do extrato: valor (TRNAMT) ausente ou inválido.',
    );
  });

  it('a credit card whose lines sit directly under the statement (no BANKTRANLIST)', () => {
    const statements = parseOfx(fixture('cartao-sem-lista.ofx'));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      kind: 'credit_card',
      account_id: '5502********1234',
      ledger_balance: { amount_cents: 0, date: '2026-03-31' },
    });
    expect(summary('cartao-sem-lista.ofx')).toEqual([
      ['2026-03-05', -8_990, 'Papelaria Central'],
      ['2026-03-12', -24_500, 'Som e Luz Equipamentos'],
      ['2026-03-20', 33_490, 'Pagamento recebido'],
    ]);
  });

  it('a transaction list never closed keeps its lines and the ledger balance after it', () => {
    const [statement] = parseOfx(fixture('lista-sem-fim.ofx'));
    expect(statement).toMatchObject({
      kind: 'bank',
      account_id: '98765-4',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      ledger_balance: { amount_cents: 137_965, date: '2026-03-31' },
    });
    expect(summary('lista-sem-fim.ofx')).toEqual([
      ['2026-03-03', 50_000, 'Pix recebido - Oferta missionária'],
      ['2026-03-10', -12_035, 'Pagamento de boleto - Água'],
    ]);
  });

  it('a file of two accounts gives both statements, each with its own lines and balance', () => {
    const statements = parseOfx(fixture('duas-contas.ofx'));
    expect(
      statements.map((statement) => [
        statement.account_id,
        statement.lines.map((line) => line.amount_cents),
        statement.ledger_balance?.amount_cents,
      ]),
    ).toEqual([
      ['11111-1', [150_000, -20_000], 430_000],
      ['22222-2', [70_000, -5_000], 965_000],
    ]);
  });

  it('reads in time linear in the file: unclosed comments and tags, deep nesting', () => {
    const timed = (text: string) => {
      const started = performance.now();
      let error: unknown = null;
      try {
        parseOfx(Buffer.from(text));
      } catch (caught) {
        error = caught;
      }
      return { ms: performance.now() - started, error };
    };
    // 320 KB of "<!--" held the old reader 16.7 s (quadratic); tags never closed did the same.
    for (const text of [
      `<OFX>${'<!--'.repeat(80_000)}`,
      `<OFX><STMTRS>${'<A'.repeat(160_000)}`,
      `<OFX><STMTRS>${'<MEMO'.repeat(100_000)}`,
      `<OFX><STMTRS><BANKTRANLIST>${'<STMTTRN><MEMO>x'.repeat(20_000)}`,
    ]) {
      const { ms, error } = timed(text);
      expect(ms).toBeLessThan(1_000);
      if (error) expect(error).toBeInstanceOf(OfxError);
    }
    // 100,000 <BAL> inside each other: a RangeError (500) before; now a statement-less file.
    const deep = timed(`<OFX>${'<BAL>'.repeat(100_000)}`);
    expect((deep.error as Error).message).toBe('O arquivo OFX não traz extrato de conta.');
    const statements = timed(`<OFX>${'<STMTRS>'.repeat(100_000)}`);
    expect(statements.error).toBeInstanceOf(OfxTooLargeError);
    expect((statements.error as Error).message).toMatch(/contas demais/);
  });

  it(`refuses more than ${OFX_MAX_LINES.toLocaleString('pt-BR')} lines (a 413 at the route)`, () => {
    const lines = Array.from({ length: OFX_MAX_LINES + 1 }, (_, i) => ({
      date: '2026-03-02',
      amount_cents: i + 1,
      memo: `Oferta ${i}`,
      fitid: String(i),
    }));
    expect(() => parseOfx(buildOfx({ lines }))).toThrow(OfxTooLargeError);
    expect(parseOfx(buildOfx({ lines: lines.slice(1) }))[0].lines).toHaveLength(OFX_MAX_LINES);
  });
});
