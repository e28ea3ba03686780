import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.js';
import { standardErrors, Uuid } from '../../platform/http/schemas.js';
import { FileElsewhereError } from '../../integrations/state/file-store.js';
import { noAuth } from '../../platform/http/route-access.js';

/** Downloads behind the storage built-in's signed links: the signature is the credential, no API key. */
export const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/files/:id', {
    config: { access: noAuth('a signed, expiring file link') },
    schema: {
      operationId: 'files.download',
      tags: ['Files'],
      summary: 'Download a stored file through a signed, expiring link (from storage get_download_url)',
      params: Type.Object({ id: Uuid() }),
      querystring: Type.Object({ expires: Type.Integer(), signature: Type.String({ minLength: 10, maxLength: 100 }) }),
      response: { ...standardErrors },
    },
    handler: async (req, reply) => {
      const found = await app.services.files
        .openSigned(req.params.id, req.query.expires, req.query.signature)
        .catch((err: unknown) => {
          // A valid link to bytes on the backend used before a storage switch: say so, not "expired" (0102).
          if (err instanceof FileElsewhereError) throw new AppError('NOT_FOUND', err.message);
          throw err;
        });
      if (!found) throw new AppError('NOT_FOUND', 'The link is invalid or has expired.');
      const name = found.file.path.split('/').pop() ?? 'file';
      return reply
        .type(found.file.contentType)
        .header('Content-Disposition', contentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(found.data);
    },
  });
};

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name (headers cannot carry raw non-ASCII). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
