// For tests that need a saved step gone for a while (a submit the server must refuse): removes the
// row and answers a function that puts it back as it was.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';
import { applicationSteps } from '../src/db/schema.ts';

export async function removeSavedStep(db: Database, applicationId: string, stepId: string): Promise<() => Promise<void>> {
  const [removed] = await db.delete(applicationSteps).where(and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.stepId, stepId))).returning();
  if (!removed) throw new Error(`no saved ${stepId} step for ${applicationId}`);
  return async () => void (await db.insert(applicationSteps).values(removed));
}
