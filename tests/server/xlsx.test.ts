// The .xlsx reader (server/imports/xlsx.ts) that replaced exceljs's: the cells of a workbook made
// by exceljs read as exceljs read them (text, numbers, dates by their format, booleans, formulas
// by their result, rich text joined, the first sheet only), and its limits: Excel's 32,767
// characters a cell, the declared and the inflated size of each part, files that are no workbook.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS, XlsxError, openWorkbook } from '../../server/imports/xlsx.js';
import { SHEET_END, SHEET_START, xlsxOf, zipOf } from '../support/zip.js';

async function rowsOf(file: Buffer) {
  const { rows } = await openWorkbook(file);
  const all = [];
  for await (const row of rows) all.push(row);
  return all;
}

async function refusal(file: Buffer): Promise<XlsxError> {
  try {
    await rowsOf(file);
  } catch (error) {
    expect(error).toBeInstanceOf(XlsxError);
    return error as XlsxError;
  }
  throw new Error('aceitou');
}

const inline = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('xlsx reader', () => {
  it('reads what exceljs writes: every kind of cell, the first sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Membros');
    sheet.addRow(['Nome', 'Nascimento', 'Número', 'Ativo', 'Total', 'Obs', 'Hora']);
    sheet.addRow([
      'Zélia & <Brandão>',
      new Date(Date.UTC(1975, 0, 31)),
      1234.5,
      true,
      { formula: 'C2*2', result: 2469 },
      { richText: [{ text: 'Irmã ' }, { font: { bold: true }, text: 'Ana' }] },
      new Date(Date.UTC(2026, 2, 1, 18, 30)),
    ]);
    sheet.addRow([]);
    sheet.addRow(['  Otávio  ', null, 11987654321, false, { formula: 'A4', result: 'Otávio' }]);
    sheet.getCell('J5').value = 'longe';
    const other = workbook.addWorksheet('Outra');
    other.addRow(['não é lida']);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { line: 1, cells: ['Nome', 'Nascimento', 'Número', 'Ativo', 'Total', 'Obs', 'Hora'] },
      {
        line: 2,
        cells: [
          'Zélia & <Brandão>',
          '1975-01-31',
          '1234.5',
          'true',
          '2469',
          'Irmã Ana',
          '2026-03-01',
        ],
      },
      { line: 4, cells: ['Otávio', '', '11987654321', 'false', 'Otávio'] },
      { line: 5, cells: ['', '', '', '', '', '', '', '', '', 'longe'] },
    ]);
  });

  it("a cell of Excel's 32,767 characters is read; one more is refused", async () => {
    const sheet = (length: number) =>
      xlsxOf({
        sheet: [
          `${SHEET_START}<row r="1">${inline('A1', 'Nome')}</row><row r="2">${inline('A2', 'a'.repeat(length))}</row>${SHEET_END}`,
        ],
      });
    const rows = await rowsOf(await sheet(MAX_CELL_CHARS));
    expect(rows[1].cells[0]).toHaveLength(MAX_CELL_CHARS);
    const error = await refusal(await sheet(MAX_CELL_CHARS + 1));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/uma célula com mais de 32\.767 caracteres/);
  });

  it('a shared string past the limit, entities counted once', async () => {
    const shared = (text: string) =>
      xlsxOf({
        sheet: [`${SHEET_START}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_END}`],
        sharedStrings: [`<sst><si><t>${text}</t></si><si><t/></si></sst>`],
      });
    const rows = await rowsOf(await shared('&amp;'.repeat(MAX_CELL_CHARS)));
    expect(rows[0].cells[0]).toBe('&'.repeat(MAX_CELL_CHARS));
    expect((await refusal(await shared('x'.repeat(MAX_CELL_CHARS + 1)))).status).toBe(400);
  });

  it('the sizes of each part: declared too large, inflating past the declared size', async () => {
    const row = `<row r="1">${inline('A1', 'Nome')}</row>`;
    const honest = await xlsxOf({ sheet: [SHEET_START, row, SHEET_END] });
    expect(await rowsOf(honest)).toEqual([{ line: 1, cells: ['Nome'] }]);
    const declaredHuge = await xlsxOf({
      sheet: [SHEET_START, row, SHEET_END],
      sheetDeclaredSize: 300 * 1024 * 1024,
    });
    const huge = await refusal(declaredHuge);
    expect(huge.status).toBe(413);
    expect(huge.message).toMatch(/mais de 256 MB descompactada/);
    const lying = await xlsxOf({ sheet: [SHEET_START, row, SHEET_END], sheetDeclaredSize: 100 });
    const lie = await refusal(lying);
    expect(lie.status).toBe(400);
    expect(lie.message).toMatch(/corrompido/);
  });

  it('files that are no workbook: not a ZIP, a ZIP without a workbook, cut short', async () => {
    expect((await refusal(Buffer.from('PK\u0003\u0004 não é um zip'))).message).toMatch(
      /não parece ser uma planilha/,
    );
    const noWorkbook = await zipOf([{ name: 'leia-me.txt', pieces: ['olá'] }]);
    expect((await refusal(noWorkbook)).message).toMatch(/não parece ser uma planilha/);
    const whole = await xlsxOf({
      sheet: [`${SHEET_START}<row r="1">${inline('A1', 'Nome')}</row>${SHEET_END}`],
    });
    const cut = await refusal(whole.subarray(0, whole.length - 30));
    expect(cut.status).toBe(400);
  });
});
