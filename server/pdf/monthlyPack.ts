// The monthly pack (prestação de contas do mês, issue 27) on paper: a cover with the church, the
// month, the scope, the state of the month and its figures in plain words; then each section (a
// statement, the livros caixa, the lists) as a titled table under the church's compact letterhead,
// in the section's own layout; last the parecer do conselho fiscal with the signature lines.
// "Prestação de contas de … – Página X de Y" at the foot of every page. Streamed: see monthlyPackPdf.
import type { Church } from '../db/schema.js';
import type { Readable } from 'node:stream';
import { formatDateTime } from '../../domain/formats.js';
import { COLORS, FONT, type Pdf, nextPage, pdfStream, printable } from './document.js';
import { drawLetterhead, drawSignature } from './letterhead.js';
import { type PdfColumn, drawFooter, drawTable, drawTitle } from './report.js';

/** A row as the pack prints it: its cells, and whether it is a heading or a total (bold). */
export interface PrintedRow {
  cells: string[];
  strong: boolean;
}

/** One section of the pack, ready to print. */
export interface PackTable {
  /** Which part of the pack (the cover's contents point at the first of each key). */
  key: string;
  title: string;
  /** What the table holds and how it counts, under the title. */
  subtitle: string;
  layout: 'portrait' | 'landscape';
  columns: Array<Omit<PdfColumn<PrintedRow>, 'value'>>;
  rows: PrintedRow[];
  empty: string;
  /** Words under the table (what was left out of it and where to find it). */
  note?: string;
  /**
   * Goes on under the previous section when its page has the same layout and room (one livro
   * caixa after another, the short lists); otherwise on a page of its own.
   */
  follows?: boolean;
}

export interface PackCover {
  /** "Prestação de contas de outubro de 2026". */
  title: string;
  /** The congregations it covers, in words. */
  scope: string;
  /** The state of the month: aberto, fechado em … por …, reaberto em … por …, motivo: … */
  state: string[];
  /** The month's figures in plain words: [label, amount]. */
  figures: Array<[string, string]>;
  /** The sections, in order, by key and title; the cover gives each one's first page. */
  contents: Array<{ key: string; title: string }>;
}

export interface PackOpinion {
  /** The conselho fiscal's parecer of the close, or null (blank lines to write it by hand). */
  opinion: string | null;
  /** "Aprovado pelo conselho fiscal em 05/11/2026." or the blank to fill in. */
  approval: string;
  signers: Array<{ name?: string | null; role: string }>;
}

const MARGIN = 40;
/** The key of the parecer's page in the cover's contents. */
export const OPINION = 'opinion';

/** A section's head (on a page of its own under the compact letterhead, or following on). */
function sectionHead(doc: Pdf, church: Church, table: PackTable): number {
  let y: number;
  const layout = doc.page.width > doc.page.height ? 'landscape' : 'portrait';
  const room = doc.page.height - doc.page.margins.bottom - doc.y;
  if (table.follows && layout === table.layout && room > 140) {
    y = doc.y + 24;
  } else {
    doc.addPage({ size: 'A4', layout: table.layout, margin: MARGIN });
    y = drawLetterhead(doc, church, true);
  }
  drawTitle(doc, table.title, table.subtitle, y, table.follows ? 12 : 14);
  doc.fillColor(COLORS.text);
  return doc.y + 10;
}

/** Draws a section; returns the page its title is on. */
function drawSection(doc: Pdf, church: Church, table: PackTable, pager: Pager): number {
  const top = sectionHead(doc, church, table);
  const page = pager.page;
  const columns: PdfColumn<PrintedRow>[] = table.columns.map((column, i) => ({
    ...column,
    value: (row) => row.cells[i],
  }));
  const y = drawTable(doc, columns, table.rows, top, table.empty, (row) => row.strong);
  doc.y = y;
  if (table.note) {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc
      .font(FONT.italic)
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(printable(table.note), left, y + 6, { width });
    doc.fillColor(COLORS.text).font(FONT.regular);
  }
  return page;
}

/** Draws the cover, with each part's first page beside its line of the contents when known. */
function drawCover(doc: Pdf, church: Church, cover: PackCover, firsts?: Map<string, number>) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = drawLetterhead(doc, church);
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(COLORS.primary)
    .text(printable(cover.title), left, y + 10, { width });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(COLORS.text)
    .text(printable(cover.scope), left, doc.y + 6, { width });
  const heading = (text: string) =>
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor(COLORS.primary)
      .text(printable(text), left, doc.y + 16, { width })
      .fillColor(COLORS.text)
      .font(FONT.regular)
      .fontSize(10);
  heading('Situação do mês');
  for (const line of cover.state) doc.text(printable(line), left, doc.y + 4, { width });
  heading('O mês em números');
  for (const [label, amount] of cover.figures) {
    const top = doc.y + 4;
    doc.text(printable(label), left, top, { width: width - 150 });
    const below = doc.y;
    doc.font(FONT.bold).text(printable(amount), left + width - 150, top, {
      width: 150,
      align: 'right',
    });
    doc.font(FONT.regular);
    doc.y = Math.max(below, doc.y);
  }
  heading('Conteúdo');
  for (const [index, { key, title }] of cover.contents.entries()) {
    const y = doc.y + 3;
    doc.text(printable(`${index + 1}. ${title}`), left, y, { width: width - 70 });
    const below = doc.y;
    const page = firsts?.get(key);
    if (page !== undefined) {
      doc.text(`página ${page}`, left + width - 70, y, { width: 70, align: 'right' });
    }
    doc.y = below;
  }
}

function drawOpinion(doc: Pdf, church: Church, opinion: PackOpinion, pager: Pager) {
  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  const page = pager.page;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = drawLetterhead(doc, church, true);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLORS.text)
    .text('Parecer do conselho fiscal', left, y, { width });
  doc.font(FONT.regular).fontSize(10);
  if (opinion.opinion) {
    doc.text(printable(opinion.opinion), left, doc.y + 8, { width, align: 'justify' });
  } else {
    // Blank lines for the conselho fiscal to write the parecer by hand.
    let line = doc.y + 26;
    for (let i = 0; i < 8; i++, line += 24) {
      doc
        .moveTo(left, line)
        .lineTo(left + width, line)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
    }
    doc.y = line - 10;
  }
  doc.text(printable(opinion.approval), left, doc.y + 14, { width });
  // A signature needs about 90 points: the signatures stay together, on the next page when
  // the parecer leaves no room for them all.
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  if (doc.y + 90 * opinion.signers.length > bottom()) {
    nextPage(doc);
    doc.font(FONT.bold).fontSize(12).text('Assinaturas', left, doc.page.margins.top, { width });
  }
  for (const signer of opinion.signers) {
    if (doc.y + 100 > bottom()) {
      nextPage(doc);
      doc.y = doc.page.margins.top;
    }
    drawSignature(doc, signer, 48);
  }
  return page;
}

/** The page being drawn, counted from 1 as the pages are added. */
interface Pager {
  page: number;
}

/**
 * "Prestação de contas de … – Gerado em … pelo Adam – Página X de Y", drawn as the page begins:
 * what was being written goes on where it was, in its font.
 */
function drawPageFooter(doc: Pdf, text: string) {
  const { x, y } = doc;
  const state = doc as unknown as { _fontSource: string; _fontSize: number };
  const [font, size] = [state._fontSource, state._fontSize];
  drawFooter(doc, text);
  doc.font(font).fontSize(size).fillColor(COLORS.text);
  doc.x = x;
  doc.y = y;
}

interface Pack {
  church: Church;
  cover: PackCover;
  sections: PackTable[];
  opinion: PackOpinion;
}

/**
 * The pack's pages, drawn one step at a time; `layout` (the first pass's) gives the total pages
 * for the footers and each part's first page for the cover. Records each part's first page.
 */
async function* drawPack(
  doc: Pdf,
  pack: Pack,
  firsts: Map<string, number>,
  layout?: { pages: number; firsts: Map<string, number> },
): AsyncGenerator<void> {
  const pager: Pager = { page: 1 };
  const generatedAt = formatDateTime(new Date().toISOString());
  const footer = () =>
    layout &&
    drawPageFooter(
      doc,
      `${pack.cover.title} – Gerado em ${generatedAt} pelo Adam – Página ${pager.page} de ${layout.pages}`,
    );
  footer();
  doc.on('pageAdded', () => {
    pager.page += 1;
    footer();
  });
  drawCover(doc, pack.church, pack.cover, layout?.firsts);
  yield;
  for (const section of pack.sections) {
    const page = drawSection(doc, pack.church, section, pager);
    if (!firsts.has(section.key)) firsts.set(section.key, page);
    yield;
  }
  firsts.set(OPINION, drawOpinion(doc, pack.church, pack.opinion, pager));
  firsts.set(PAGES, pager.page);
}

const PAGES = 'pages';

/**
 * The pack as one PDF, streamed: a first pass lays the pages out (and throws them away) to learn
 * how many there are and where each part starts; the second draws them with "Página X de Y" and
 * the cover's contents, sending each page as it is done. Memory holds the sections' rows (bounded
 * by the pack's rules) and about one page, never the whole document.
 */
export async function monthlyPackPdf(pack: Pack): Promise<Readable> {
  const info = { title: pack.cover.title, author: pack.church.name, margin: MARGIN };
  const firsts = new Map<string, number>();
  for await (const _chunk of pdfStream(info, (doc) => drawPack(doc, pack, firsts))) {
    // The first pass's bytes are not kept.
  }
  const layout = { pages: firsts.get(PAGES)!, firsts };
  return pdfStream(info, (doc) => drawPack(doc, pack, new Map(), layout));
}
