// A step's upload and signature fields name files: only ones this applicant uploaded and the storage
// keeps, checked in one read for the saves that arrive together.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { CompiledStep, FieldError, FormData } from '@kh/engine';
import type { Database } from '../db/database.ts';
import { batchedPerDatabase } from '../db/prepared.ts';
import { files } from '../db/schema.ts';

/** Upload and signature fields must name files this applicant uploaded. */
export async function fileOwnership(db: Database, memberId: string, compiled: CompiledStep, formData: FormData): Promise<FieldError[]> {
  const named = compiled.valueFields.flatMap((field) => {
    const value = formData[field.id];
    return (field.widget === 'upload' || field.widget === 'signature') && typeof value === 'string' && compiled.isVisible(field.id, formData) ? [{ field: field.id, path: value }] : [];
  });
  if (named.length === 0) return [];
  const owned = await ownedFiles(db, { memberId, paths: named.map((n) => n.path) });
  return named.filter((n) => !owned.has(n.path)).map((n) => ({ field: n.field, key: 'validation.uploadFailed' }));
}

/** Of these files, those the member uploaded and the storage keeps: one read for the saves that arrive together. */
const ownedFiles = batchedPerDatabase<{ memberId: string; paths: string[] }, Set<string>>(async (db, wanted) => {
  const rows = await db
    .select({ path: files.relativePath, memberId: files.memberId })
    .from(files)
    .where(and(inArray(files.relativePath, [...new Set(wanted.flatMap((w) => w.paths))]), isNotNull(files.storedAt)));
  return wanted.map((w) => new Set(rows.filter((row) => row.memberId === w.memberId && w.paths.includes(row.path)).map((row) => row.path)));
});
