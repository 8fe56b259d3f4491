// The text inside a PDF the API answered, as a reader would see it.
import { PDFParse } from 'pdf-parse';

export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The PDF's text with line breaks as spaces (table cells and wrapped lines). */
export async function flatPdfText(body: Buffer): Promise<string> {
  return (await pdfText(body)).replace(/\s+/g, ' ');
}

/** The text of each page of a PDF, in order (one certificate per page, a statement per donor). */
export async function pdfPages(body: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).pages.map((page) => page.text.replace(/\s+/g, ' '));
  } finally {
    await parser.destroy();
  }
}
