import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFile } from '#/api/schemas/platform';
import {
  createParties,
  createTestSandbox,
  multipart,
  SAMPLE_PDF,
  snapshot,
  transactionBody,
  type TestSandbox,
} from '../testing';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await createTestSandbox({ settings: { quoteDelayMs: 3_600_000 } });
});
afterAll(() => sandbox.close());

const PDF = SAMPLE_PDF;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2b7c10000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);

const upload = (
  parts: Parameters<typeof multipart>[0],
  as = sandbox.alice,
  headers: Record<string, string> = {},
) => {
  const body = multipart(parts);
  return sandbox.request({
    method: 'POST',
    url: '/v1/file/',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    as,
  });
};

describe('files', () => {
  it.each([
    ['invoice.pdf', PDF, 'application/pdf'],
    ['receipt.png', PNG, 'image/png'],
    ['scan.jpg', JPEG, 'image/jpeg'],
  ])(
    'stores %s judged by its content and gives it back to its partner only',
    async (name, data, type) => {
      const response = await upload([
        { name: 'file', filename: name, type: 'application/octet-stream', data },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const file = StoredFile.parse(response.json());
      expect(file).toMatchObject({
        fileName: name,
        contentType: type,
        size: data.length,
        url: `http://localhost:80/v1/file/${file.id}`,
      });
      const download = await sandbox.send('GET', `/v1/file/${file.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(type);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(data)).toBe(true);
      expect(
        (await sandbox.request({ method: 'GET', url: `/v1/file/${file.id}`, as: sandbox.bob }))
          .statusCode,
      ).toBe(404);
    },
  );

  it('its url is what invoiceUrl and depositConfirmationUrl take', async () => {
    const file = (await upload([{ name: 'file', filename: 'invoice.pdf', data: PDF }])).json();
    const parties = await createParties(sandbox);
    const response = await sandbox.send(
      'POST',
      '/v1/sendf2f/',
      transactionBody(parties, 'sendf2f', {
        invoiceUrl: file.url,
        depositConfirmationUrl: file.url,
      }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('names a file part with an empty filename "file"', async () => {
    const boundary = '----sandbox-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await sandbox.request({
      method: 'POST',
      url: '/v1/file/',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.json().fileName).toBe('file');
  });

  it('cleans the file name', async () => {
    const response = await upload([
      { name: 'file', filename: '../../etc/pass<wd>.pdf', data: PDF },
    ]);
    expect(response.json().fileName).toBe('passwd.pdf');
  });

  it.each([
    [
      'a text file named .pdf',
      [
        {
          name: 'file',
          filename: 'fake.pdf',
          type: 'application/pdf',
          data: 'just words, not a PDF',
        },
      ],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a GIF',
      [
        {
          name: 'file',
          filename: 'a.gif',
          data: Buffer.from(
            '47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b',
            'hex',
          ),
        },
      ],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an empty file',
      [{ name: 'file', filename: 'empty.pdf', data: Buffer.alloc(0) }],
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a part with another name',
      [{ name: 'document', filename: 'a.pdf', data: PDF }],
      400,
      'VALIDATION_ERROR',
    ],
    ['no file at all', [{ name: 'note', data: 'hello' }], 400, 'VALIDATION_ERROR'],
    // The document says the part names a filename (docs/decisions/039).
    [
      'a part named file without a filename',
      [{ name: 'file', data: PDF }],
      400,
      'VALIDATION_ERROR',
    ],
  ])('refuses %s', async (_label, parts, status, code) => {
    const before = snapshot(sandbox.store);
    const response = await upload(parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const before = snapshot(sandbox.store);
    const response = await upload([{ name: 'file', filename: 'big.pdf', data: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(snapshot(sandbox.store)).toBe(before);
  });

  it('refuses JSON sent to the upload with 415', async () => {
    const response = await sandbox.send('POST', '/v1/file/', { file: 'x' });
    expect(response.statusCode).toBe(415);
  });

  it('honours Idempotency-Key over the file’s content', async () => {
    const headers = { 'idempotency-key': 'upload-1' };
    const first = await upload(
      [{ name: 'file', filename: 'a.pdf', data: PDF }],
      sandbox.alice,
      headers,
    );
    const again = await upload(
      [{ name: 'file', filename: 'a.pdf', data: PDF }],
      sandbox.alice,
      headers,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await upload(
      [{ name: 'file', filename: 'a.png', data: PNG }],
      sandbox.alice,
      headers,
    );
    expect(other.statusCode).toBe(422);
  });
});
