CREATE TABLE "login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"device" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_nonces_expiry" ON "login_nonces" USING btree ("expires_at");