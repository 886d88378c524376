ALTER TABLE "applications" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_at" timestamp with time zone;