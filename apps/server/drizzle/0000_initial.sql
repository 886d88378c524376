CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"member_id" text,
	"event_code" text NOT NULL,
	"event_value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_steps" (
	"application_id" text NOT NULL,
	"step_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_steps_application_id_step_id_pk" PRIMARY KEY("application_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"related_type" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"fill_step" integer DEFAULT 1000 NOT NULL,
	"market" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"mas_client_code_active" boolean DEFAULT false NOT NULL,
	"rejected_reason" text,
	"islamic" boolean DEFAULT false NOT NULL,
	"account_type" integer,
	"invitation_code" text,
	"app_source" integer,
	"username" text,
	"email" text,
	"id_no" text,
	"nationality" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ekyc_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"member_id" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"id_kind" integer NOT NULL,
	"document_name" text NOT NULL,
	"document_number" text NOT NULL,
	"response_url" text NOT NULL,
	"front_img_path" text,
	"back_img_path" text,
	"selfie_img_path" text,
	"ocr_data" jsonb,
	"face_score" integer,
	"is_identical" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text,
	"hs_no" text,
	"href" text,
	"user_agent" text,
	"apply_id" text,
	"message" text NOT NULL,
	"stack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"relative_path" text NOT NULL,
	"original_filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_relative_path_unique" UNIQUE("relative_path")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"mobile" text NOT NULL,
	"hs_no" text,
	"name" text,
	"app_source" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_number" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"application_id" text NOT NULL,
	"member_id" text NOT NULL,
	"business_type" integer NOT NULL,
	"amount_sen" integer NOT NULL,
	"pay_status" integer DEFAULT 2 NOT NULL,
	"card_holder" text,
	"card_last4" text,
	"merchant_return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"mobile" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplements" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"application_id" text NOT NULL,
	"market" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_steps" ADD CONSTRAINT "application_steps_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_checks" ADD CONSTRAINT "ekyc_checks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_checks" ADD CONSTRAINT "ekyc_checks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplements" ADD CONSTRAINT "supplements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplements" ADD CONSTRAINT "supplements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_init_per_member" ON "applications" USING btree ("member_id") WHERE "applications"."related_type" = 'INIT';--> statement-breakpoint
CREATE INDEX "applications_username" ON "applications" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "applications_email" ON "applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applications_id_no" ON "applications" USING btree ("id_no");--> statement-breakpoint
CREATE INDEX "applications_status" ON "applications" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "ekyc_checks_application" ON "ekyc_checks" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "ekyc_checks_member_day" ON "ekyc_checks" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone" ON "members" USING btree ("country_code","mobile");--> statement-breakpoint
CREATE INDEX "sms_codes_phone" ON "sms_codes" USING btree ("country_code","mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplements_member_market_open" ON "supplements" USING btree ("member_id","market") WHERE "supplements"."status" in (1, 2, 3);