ALTER TABLE "application_steps" ALTER COLUMN "schema_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "application_steps" ALTER COLUMN "schema_version" DROP NOT NULL;--> statement-breakpoint
-- The identity check's pre-fills written before this change pinned version 0: an open draft's personal step
-- the applicant never saved (the app's saves always name the revision they were drawn from) pins nothing now.
UPDATE "application_steps" SET "schema_version" = NULL WHERE "step_id" = 'personal' AND "revision" = 1 AND "based_on" IS NULL AND "application_id" IN (SELECT "id" FROM "applications" WHERE "status" = 1);
