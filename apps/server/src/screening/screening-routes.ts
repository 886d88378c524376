// The admin's lists (/staff/screening/lists): import a new version of a list, see every version.
// An import is audited with the file's SHA-256, its version and what could not be read.
import type { FastifyPluginAsync } from 'fastify';
import { AppError, ok } from '../http/envelope.ts';
import { auditRequest } from '../audit/index.ts';
import { LIST_FORMATS, importList, listVersions, rescreenOpenCases, type ListFormat } from './screening.ts';

/** The UN consolidated list is about 2 MB of XML; a national PEP list as CSV may be larger. */
const LIST_BYTES = 32 * 1024 * 1024;

export const screeningListsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;

  app.get('/screening/lists', { config: { staffAccess: 'screening.lists' } }, async () => ok(await listVersions(db)));

  app.post(
    '/screening/lists',
    {
      bodyLimit: LIST_BYTES,
      config: { staffAccess: 'screening.lists' },
      schema: {
        body: {
          type: 'object',
          required: ['name', 'format', 'content'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 120 }, format: { type: 'string', enum: [...LIST_FORMATS] }, content: { type: 'string', minLength: 1, maxLength: LIST_BYTES } },
        },
      },
    },
    async (request) => {
      const body = request.body as { name: string; format: ListFormat; content: string };
      // The staff gate has let only a signed-in admin this far.
      const importer = request.staff;
      if (!importer) throw new AppError(401, '401', 'server.staffSessionEnded');
      const imported = await importList(db, { name: body.name.trim(), format: body.format, content: body.content, staffId: importer.id });
      // The cases under review are screened again against the new version at once.
      const rescreened = await rescreenOpenCases(db);
      await auditRequest(request, { action: 'screeningListImported', detail: { name: imported.name, version: imported.version, entries: imported.entryCount, sha256: imported.sha256, problems: imported.problems.length, rescreened: rescreened.screened, newHits: rescreened.hits } });
      return ok({ ...imported, rescreened });
    },
  );
};
