// The evidence pack of a decided case (issue: the review console for compliance): one ZIP an
// examiner can check file by file against its manifest's SHA-256, holding the signed application,
// the identity check's artefacts, every answer with its schema version, the agreements' and
// declarations' texts, the screenings and the decision trail. Producing it is a supervisor's, only
// for a decided case, and audited with the hashes of what was handed over.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { auditLog } from '../src/db/schema.ts';
import { LEGAL_DOCUMENTS } from '../src/documents/index.ts';

import { signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer'], ['sam', 'Sam Supervisor', 'supervisor'], ['ada', 'Ada Admin', 'admin']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);
const sam = staffCall(() => server.baseUrl, () => tokens.sam);
const ada = staffCall(() => server.baseUrl, () => tokens.ada);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const submitted = async (n: number) => (await submittedCase(server, n)).applyId;

describe('the evidence pack', () => {
  it('is refused before the case is decided, and to a role that may not make one', async () => {
    const applyId = await submitted(9601);
    const early = await sam('GET', `/staff/applications/${applyId}/evidence-pack`);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe("An evidence pack is made for a decided case only (approved or rejected).");
    await rita('POST', `/staff/applications/${applyId}/claim`);
    await rita('POST', `/staff/applications/${applyId}/reject`, { items: ['2005-bankStatement'] });
    expect((await rita('GET', `/staff/applications/${applyId}/evidence-pack`)).status).toBe(403);
    expect((await ada('GET', `/staff/applications/${applyId}/evidence-pack`)).status).toBe(403);
    expect((await sam('GET', '/staff/applications/nope/evidence-pack')).status).toBe(404);
    // A rejected case is decided: its pack can be made.
    expect((await sam('GET', `/staff/applications/${applyId}/evidence-pack`)).status).toBe(200);
  });

  it('holds every file of an opened account under its manifest hash, and the audit names the pack handed over', async () => {
    const applyId = await submitted(9602);
    await rita('POST', `/staff/applications/${applyId}/claim`);
    expect((await rita('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).body.data.status).toBe(4);

    const response = await sam('GET', `/staff/applications/${applyId}/evidence-pack`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="evidence-${applyId}.zip"`);
    const zip = response.body as Buffer;
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest).toMatchObject({ application: applyId, status: 4, generatedBy: { name: 'Sam Supervisor' } });

    // Every file but the manifest is listed, and each matches its hash and size.
    expect(Object.keys(files).sort()).toEqual([...manifest.files.map((file: { path: string }) => file.path), 'manifest.json'].sort());
    for (const file of manifest.files) {
      expect(sha256(files[file.path]), file.path).toBe(file.sha256);
      expect(files[file.path].length).toBe(file.bytes);
    }
    expect(strFromU8(files['application.pdf'].subarray(0, 5))).toBe('%PDF-');
    // The identity check's images, and the three uploads, each saying which question it answers.
    expect(manifest.files.filter((file: { path: string }) => file.path.startsWith('identity/') && file.path.endsWith('.jpg')).length).toBeGreaterThanOrEqual(2);
    const uploads = manifest.files.filter((file: { path: string }) => file.path.startsWith('uploads/'));
    expect(uploads.map((file: { what: string }) => file.what).sort()).toEqual(['Answers financial.bankStatement', 'Answers signature.signature', 'Answers work.incomeProof'].sort());

    // Each answer with its schema version; the agreements by their texts; the declarations by their words.
    const answered = JSON.parse(strFromU8(files['answers.json']));
    expect(answered.map((entry: { step: string }) => entry.step)).toEqual(expect.arrayContaining(['personal', 'financial', 'agreement', 'signature']));
    expect(answered.every((entry: { schemaVersion: number }) => entry.schemaVersion === manifest.schemaVersions[(entry as unknown as { step: string }).step])).toBe(true);
    const agreements = JSON.parse(strFromU8(files['agreements.json']));
    expect(agreements.length).toBeGreaterThan(0);
    expect(agreements[0].paragraphs).toEqual(LEGAL_DOCUMENTS.find((document) => document.id === agreements[0].id)!.paragraphs);
    const declarations = JSON.parse(strFromU8(files['declarations.json']));
    expect(declarations).toEqual(expect.arrayContaining([expect.objectContaining({ step: 'agreement', field: 'agreed', answer: true, text: expect.stringMatching(/\w{4}/) })]));
    // The decision trail carries the audit chain's hashes.
    const trail = JSON.parse(strFromU8(files['decisions.json']));
    expect(trail.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['claim', 'approve']));
    expect(trail.every((entry: { hash: string }) => /^[0-9a-f]{64}$/.test(entry.hash))).toBe(true);
    expect(JSON.parse(strFromU8(files['screening.json']))).toHaveLength(1);

    const [entry] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, applyId), eq(auditLog.action, 'evidencePack')));
    expect(entry.detail).toEqual({ sha256: sha256(zip), manifestSha256: sha256(files['manifest.json']), files: manifest.files.length });
  });
});
