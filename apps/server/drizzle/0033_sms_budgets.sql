ALTER TABLE "sms_codes" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "sms_codes_device" ON "sms_codes" USING btree ("device","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_country" ON "sms_codes" USING btree ("country_code","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_created" ON "sms_codes" USING btree ("created_at");