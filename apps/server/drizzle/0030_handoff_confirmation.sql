ALTER TABLE "ekyc_checks" ADD COLUMN "via_handoff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_checks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handoff_tokens" ADD COLUMN "revoked_at" timestamp with time zone;