ALTER TABLE "files" ADD COLUMN "stored_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "files_unstored" ON "files" USING btree ("created_at") WHERE stored_at is null;