// The admin's lists (/staff/screening/lists): import a new version of a list, see every version and
// how its import and its screening of everyone went. The file is the request's body as it is (the
// UN's XML or a CSV, up to 32 MB), never parsed on the event loop: the request stores it and answers
// 202 with the version, importing; a job reads it (list-imports.ts). Each import is audited when asked
// for, with its file's SHA-256 once read.
import type { FastifyPluginAsync } from 'fastify';
import { AppError, badRequest, ok } from '../http/envelope.ts';
import { auditRequest } from '../audit/index.ts';
import { listVersions, startImport } from './list-imports.ts';
import { LIST_FORMATS, type ListFormat } from './screening-work.ts';

/** The UN consolidated list is about 2 MB of XML; a national PEP list as CSV may be larger. */
export const LIST_BYTES = 32 * 1024 * 1024;

/** The content types a list file may come as: none a browser's form can send, so no other site can post one. */
const FILE_TYPES = ['application/octet-stream', 'application/xml', 'text/xml', 'text/csv'];

export const screeningListsPlugin: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: LIST_BYTES }, (_request, body, done) => done(null, body));

  app.get('/screening/lists', { config: { staffAccess: 'screening.lists' } }, async () => ok(await listVersions(app.kh)));

  app.post(
    '/screening/lists',
    {
      bodyLimit: LIST_BYTES,
      config: { staffAccess: 'screening.lists' },
      schema: {
        querystring: { type: 'object', required: ['name', 'format'], properties: { name: { type: 'string', minLength: 1, maxLength: 120 }, format: { type: 'string', enum: [...LIST_FORMATS] } } },
      },
    },
    async (request, reply) => {
      const { name, format } = request.query as { name: string; format: ListFormat };
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw new AppError(415, '400', 'server.screeningListType');
      if (bytes.length === 0) throw badRequest('server.screeningListEmpty');
      // The staff gate has let only a signed-in admin this far.
      const importer = request.staff;
      if (!importer) throw new AppError(401, '401', 'server.staffSessionEnded');
      const version = await startImport(app.kh, { name: name.trim(), format, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), staffId: importer.id });
      // Asked for now; its file's SHA-256 and what it held are audited when the job has read it (screeningListImported).
      await auditRequest(request, { action: 'screeningListImportStarted', detail: { listId: version.id, name: version.name, version: version.version, bytes: bytes.length } });
      return reply.code(202).send({ success: true, code: '0', msg: 'ok', data: version });
    },
  );
};
