CREATE TABLE "staff_activations" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"change_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_activations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "enrol_by_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_activations" ADD CONSTRAINT "staff_activations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_activations_staff" ON "staff_activations" USING btree ("staff_id");--> statement-breakpoint
-- Accounts their owners made themselves (the first admin) and not yet enrolled may still enrol at a sign-in; an account an admin proposed with a password the admin chose never again: its owner gets a link (a password reset) instead.
UPDATE "staff" SET "enrol_by_password" = true WHERE "totp_enabled_at" IS NULL AND "one_time_password_until" IS NULL;
