import type { IncomingMessage } from 'node:http';

export interface CapturedFile {
  /** The multipart field, e.g. `files[0]`; its index is the attachment id the JSON payload refers to. */
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface RequestBody {
  /** The JSON body, or the `payload_json` part of a multipart body. */
  json: unknown;
  files: CapturedFile[];
}

export async function readBody(req: IncomingMessage): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(raw, contentType);
  if (raw.length === 0) return { json: undefined, files: [] };
  return { json: JSON.parse(raw.toString('utf8')), files: [] };
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<RequestBody> {
  // undici (Node's fetch) already implements a correct multipart parser; a Request is the way to reach it.
  const form = await new Request('http://fake.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  let json: unknown;
  const files: CapturedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') json = JSON.parse(value);
      continue;
    }
    files.push({
      field,
      filename: value.name,
      contentType: value.type,
      bytes: Buffer.from(await value.arrayBuffer()),
    });
  }
  return { json, files };
}

/** The attachment id a multipart file part stands for: `files[3]` → `3`. */
export function fileIndex(file: CapturedFile): string {
  return /^files\[(\d+)\]$/.exec(file.field)?.[1] ?? file.field;
}
