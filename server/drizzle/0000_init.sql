CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"resource_type" text DEFAULT 'security' NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"listing_id" uuid,
	"redirect_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" in ('sign_in','reset'))
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"run_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "job_runs_name_run_key_pk" PRIMARY KEY("name","run_key")
);
--> statement-breakpoint
CREATE TABLE "tractor_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"image_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tractor_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"location" text NOT NULL,
	"condition" text DEFAULT 'Excellent' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"transmission" text,
	"front_loader" boolean DEFAULT false NOT NULL,
	"other_info" text,
	"status" text DEFAULT 'active' NOT NULL,
	"engine_hours" integer,
	"build_year" integer,
	"top_speed" text,
	"front_linkage" text,
	"front_pto" text,
	"front_suspension" text,
	"cab_suspension" text,
	"mid_mount_valves" text,
	"gps" text,
	"rear_tyre_size" text,
	"front_tyre_size" text,
	"pump_size" text,
	"number_of_rear_remotes" integer,
	"rear_remote_type" text,
	"air_brakes" boolean,
	"search_text" text GENERATED ALWAYS AS (lower(make || ' ' || model || ' ' || location || ' ' || description)) STORED NOT NULL,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tractor_listings_status_check" CHECK ("tractor_listings"."status" in ('active','inactive','sold')),
	CONSTRAINT "tractor_listings_year_check" CHECK ("tractor_listings"."year" between 1950 and 2100),
	CONSTRAINT "tractor_listings_hours_check" CHECK ("tractor_listings"."hours" >= 0),
	CONSTRAINT "tractor_listings_price_check" CHECK ("tractor_listings"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_sends" (
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_sends_user_id_listing_id_kind_pk" PRIMARY KEY("user_id","listing_id","kind")
);
--> statement-breakpoint
CREATE TABLE "tractor_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"offer_type" text NOT NULL,
	"offer_amount_cents" bigint NOT NULL,
	"original_price_cents" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"counter_offer_amount_cents" bigint,
	"counter_message" text,
	"idempotency_key" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tractor_offers_type_check" CHECK ("tractor_offers"."offer_type" in ('buy_now','offer')),
	CONSTRAINT "tractor_offers_status_check" CHECK ("tractor_offers"."status" in ('pending','countered','accepted','rejected','withdrawn')),
	CONSTRAINT "tractor_offers_amount_check" CHECK ("tractor_offers"."offer_amount_cents" >= 100),
	CONSTRAINT "tractor_offers_counter_check" CHECK ("tractor_offers"."status" <> 'countered' or "tractor_offers"."counter_offer_amount_cents" is not null)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending','sending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tractor_sale_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make" text,
	"model" text,
	"year" integer,
	"hours" integer,
	"location" text,
	"condition" text,
	"description" text,
	"email" text NOT NULL,
	"transmission" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tractor_sale_inquiries_status_check" CHECK ("tractor_sale_inquiries"."status" in ('pending','contacted','closed'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "user_brand_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"desired_brand_1" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"password_hash" text,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending','rejected','approved','admin'))
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_images" ADD CONSTRAINT "tractor_images_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_brand_preferences" ADD CONSTRAINT "user_brand_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_tokens_user_kind_idx" ON "auth_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "tractor_images_listing_order_idx" ON "tractor_images" USING btree ("listing_id","image_order");--> statement-breakpoint
CREATE UNIQUE INDEX "tractor_images_one_primary_key" ON "tractor_images" USING btree ("listing_id") WHERE "tractor_images"."is_primary";--> statement-breakpoint
CREATE INDEX "tractor_listings_search_trgm_idx" ON "tractor_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tractor_listings_active_created_idx" ON "tractor_listings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tractor_listings_make_idx" ON "tractor_listings" USING btree (lower("make"),"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tractor_listings_price_idx" ON "tractor_listings" USING btree ("status","price_cents","id");--> statement-breakpoint
CREATE INDEX "tractor_listings_year_idx" ON "tractor_listings" USING btree ("status","year","id");--> statement-breakpoint
CREATE INDEX "tractor_listings_hours_idx" ON "tractor_listings" USING btree ("status","hours","id");--> statement-breakpoint
CREATE INDEX "tractor_listings_location_idx" ON "tractor_listings" USING btree ("location");--> statement-breakpoint
CREATE INDEX "tractor_listings_user_idx" ON "tractor_listings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tractor_offers_one_accepted_key" ON "tractor_offers" USING btree ("listing_id") WHERE "tractor_offers"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "tractor_offers_idempotency_key" ON "tractor_offers" USING btree ("buyer_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "tractor_offers_buyer_created_idx" ON "tractor_offers" USING btree ("buyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tractor_offers_listing_buyer_idx" ON "tractor_offers" USING btree ("listing_id","buyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tractor_offers_created_idx" ON "tractor_offers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tractor_offers_status_idx" ON "tractor_offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "tractor_sale_inquiries_created_idx" ON "tractor_sale_inquiries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_brand_preferences_user_brand_key" ON "user_brand_preferences" USING btree ("user_id","brand_name");--> statement-breakpoint
CREATE INDEX "user_brand_preferences_brand_idx" ON "user_brand_preferences" USING btree ("brand_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");