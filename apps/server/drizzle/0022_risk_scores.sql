ALTER TABLE "applications" ADD COLUMN "risk_score" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "risk_band" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "risk_factors" jsonb;