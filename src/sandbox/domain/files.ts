// Uploaded files: PDF, PNG or JPEG judged by their content, at most 10 MB, readable only by the
// partner that uploaded them.
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, MAX_FILE_BYTES, type StoredFile } from '#/api/schemas/platform';
import type { DomainContext } from './context';
import { DomainError, invalidField, notFound } from './errors';

/** A name safe to store and to send back in Content-Disposition. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f"<>|*?:;]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

export interface CheckedFile {
  data: Buffer;
  fileName: string;
  contentType: StoredFile['contentType'];
}

/** Judges an upload by its content; awaited before the write that stores it. */
export async function checkFile(data: Buffer, fileName: string | undefined): Promise<CheckedFile> {
  if (data.length === 0) throw invalidField('file', 'is empty');
  if (data.length > MAX_FILE_BYTES) {
    throw new DomainError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 10 MB.');
  }
  const detected = await fileTypeFromBuffer(data);
  const contentType = (FILE_TYPES as readonly string[]).includes(detected?.mime ?? '')
    ? (detected!.mime as StoredFile['contentType'])
    : undefined;
  if (!contentType) {
    throw new DomainError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `The file must be a PDF, PNG or JPEG; its content is ${detected ? detected.mime : 'none of these'}.`,
      [{ field: 'file', message: 'must be a PDF, PNG or JPEG' }],
    );
  }
  return { data, fileName: cleanFileName(fileName), contentType };
}

export function storeFile(
  ctx: DomainContext,
  partnerId: number,
  file: CheckedFile,
  baseUrl: string,
): StoredFile {
  const { data, fileName, contentType } = file;
  const id = ctx.store.write(() =>
    ctx.store.files.insert(partnerId, {
      creationTime: ctx.now(),
      fileName,
      contentType,
      size: data.length,
      data,
    }),
  );
  return { id, url: `${baseUrl}/v1/file/${id}`, fileName, contentType, size: data.length };
}

export function readFile(ctx: DomainContext, partnerId: number, id: number) {
  const file = ctx.store.files.byId(partnerId, id);
  if (!file) throw notFound('File', id);
  return file;
}
