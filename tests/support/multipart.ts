// A multipart/form-data body as a browser sends it: the text fields, then one file under "file".
// Shared by the upload tests (paper history, member import, bank statements, the audit trail).

export interface MultipartFile {
  data: Buffer | string;
  /** The file name the browser sends. */
  name?: string;
  /** The part's content type. */
  type?: string;
}

export function multipartBody(file: MultipartFile, fields: Record<string, string> = {}) {
  const data = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data);
  const boundary = `----adam-teste-${data.length}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'arquivo.csv'}"\r\n` +
        `Content-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
