import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { operations } from '#/api/operations';
import { MAX_FILE_BYTES } from '#/api/schemas/platform';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import { DomainError, invalidField } from '../domain/errors';
import { checkFile, readFile, storeFile } from '../domain/files';
import { idempotent, REPLAYED } from '../idempotency';
import { pathVariants, publicBaseUrl, route } from '../http';

export async function fileRoutes(app: FastifyInstance, ctx: DomainContext) {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  for (const url of pathVariants(operations.uploadFile.path)) {
    app.post(url, async (request, reply) => {
      request.operationId = operations.uploadFile.id;
      if (!request.isMultipart()) {
        throw new DomainError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Upload the file as multipart/form-data with one part named "file".',
        );
      }
      let part;
      try {
        part = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
          throw invalidField('file', 'send one file only');
        }
        throw invalidField('body', 'is not valid multipart/form-data');
      }
      if (!part || part.fieldname !== 'file')
        throw invalidField('file', 'is required: send one file part named "file", with a filename');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new DomainError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 10 MB.');
        }
        // The body ended before the part did (a cut connection, a wrong boundary).
        throw invalidField('body', 'ended before the file part did: send the whole upload again');
      }
      const partnerId = partnerOf(request).id;
      const result = await idempotent(
        ctx.store,
        request,
        reply,
        ['uploadFile', part.filename, data],
        (checked) => storeFile(ctx, partnerId, checked, publicBaseUrl(request)),
        () => checkFile(data, part.filename),
      );
      return result === REPLAYED ? reply : result;
    });
  }

  route(app, operations.getFile, ({ params }, req, reply) => {
    const file = readFile(ctx, partnerOf(req).id, params.id);
    return reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `inline; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(file.data);
  });
}
