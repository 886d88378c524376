ALTER TABLE "application_steps" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_steps" ADD COLUMN "based_on" integer;