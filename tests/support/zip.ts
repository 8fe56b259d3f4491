// ZIP files for the upload tests: an .xlsx made part by part, each part deflated as a stream of
// pieces (so a part of 400 MB is made without holding it) and its sizes declared as the test
// says — the true ones, or a lie.
import { createDeflateRaw, crc32 } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's text, in pieces (the same piece may repeat: a part of 400 MB is cheap to make). */
  pieces: Iterable<string | Buffer>;
  /** The size to declare instead of the true one. */
  declaredSize?: number;
}

async function deflated(pieces: Iterable<string | Buffer>) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

/** A ZIP of the parts (deflated), as Excel writes one: sizes in the local and central headers. */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflated(part.pieces);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `piece` `times` times, for a part's pieces. */
export function* repeated(piece: string | Buffer, times: number): Generator<string | Buffer> {
  const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
  for (let i = 0; i < times; i++) yield bytes;
}

const XLSX_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Membros" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = '</sheetData></worksheet>';

/** An .xlsx of one sheet and its shared strings, each given in pieces. */
export function xlsxOf(options: {
  sheet: Iterable<string | Buffer>;
  sharedStrings?: Iterable<string | Buffer>;
  sheetDeclaredSize?: number;
}): Promise<Buffer> {
  return zipOf([
    { name: '[Content_Types].xml', pieces: [XLSX_TYPES] },
    { name: '_rels/.rels', pieces: [ROOT_RELS] },
    { name: 'xl/workbook.xml', pieces: [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', pieces: [WORKBOOK_RELS] },
    {
      name: 'xl/sharedStrings.xml',
      pieces: options.sharedStrings ?? [
        '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: options.sheet,
      declaredSize: options.sheetDeclaredSize,
    },
  ]);
}
