CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealership_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"storage_key" text,
	"size_bytes" integer,
	"token_hash" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('queued','building','ready','failed'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_key" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_open_key" ON "data_exports" USING btree ("dealership_id") WHERE "data_exports"."status" in ('queued','building');--> statement-breakpoint
CREATE INDEX "data_exports_dealership_idx" ON "data_exports" USING btree ("dealership_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("status","created_at");