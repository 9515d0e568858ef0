CREATE TABLE "timed_sale_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"bidder_user_id" uuid NOT NULL,
	"dealership_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"price_after_cents" bigint NOT NULL,
	"leader_after_user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timed_sale_bids_kind_check" CHECK ("timed_sale_bids"."kind" in ('bid','max'))
);
--> statement-breakpoint
CREATE TABLE "timed_sale_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"reserve_cents" bigint,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"price_cents" bigint,
	"leader_user_id" uuid,
	"leader_dealership_id" uuid,
	"leader_max_cents" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"bidders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"if_deadline" timestamp with time zone,
	"offer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timed_sale_lots_status_check" CHECK ("timed_sale_lots"."status" in ('open','sold','if_pending','if_accepted','unsold'))
);
--> statement-breakpoint
CREATE TABLE "timed_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"first_close_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timed_sales_interval_check" CHECK ("timed_sales"."interval_seconds" between 30 and 300),
	CONSTRAINT "timed_sales_close_after_start_check" CHECK ("timed_sales"."first_close_at" > "timed_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "timed_sale_bids" ADD CONSTRAINT "timed_sale_bids_lot_id_timed_sale_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."timed_sale_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_bids" ADD CONSTRAINT "timed_sale_bids_bidder_user_id_users_id_fk" FOREIGN KEY ("bidder_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_bids" ADD CONSTRAINT "timed_sale_bids_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_bids" ADD CONSTRAINT "timed_sale_bids_leader_after_user_id_users_id_fk" FOREIGN KEY ("leader_after_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_sale_id_timed_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."timed_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_leader_user_id_users_id_fk" FOREIGN KEY ("leader_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_leader_dealership_id_dealerships_id_fk" FOREIGN KEY ("leader_dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sale_lots" ADD CONSTRAINT "timed_sale_lots_offer_id_tractor_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."tractor_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_sales" ADD CONSTRAINT "timed_sales_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timed_sale_bids_idempotency_key" ON "timed_sale_bids" USING btree ("bidder_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "timed_sale_bids_lot_idx" ON "timed_sale_bids" USING btree ("lot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timed_sale_lots_position_key" ON "timed_sale_lots" USING btree ("sale_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "timed_sale_lots_one_running_key" ON "timed_sale_lots" USING btree ("listing_id") WHERE "timed_sale_lots"."status" in ('open','if_pending');--> statement-breakpoint
CREATE UNIQUE INDEX "timed_sale_lots_offer_key" ON "timed_sale_lots" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "timed_sale_lots_open_closes_idx" ON "timed_sale_lots" USING btree ("closes_at") WHERE "timed_sale_lots"."status" = 'open';--> statement-breakpoint
CREATE INDEX "timed_sale_lots_if_deadline_idx" ON "timed_sale_lots" USING btree ("if_deadline") WHERE "timed_sale_lots"."status" = 'if_pending';--> statement-breakpoint
CREATE INDEX "timed_sales_starts_idx" ON "timed_sales" USING btree ("starts_at");--> statement-breakpoint
-- A Timed Sale's accepted bids are its history and audit: never changed or removed (docs/product/timed-sale.md).
CREATE FUNCTION timed_sale_bids_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'timed_sale_bids rows are never changed or deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER timed_sale_bids_immutable BEFORE UPDATE OR DELETE ON "timed_sale_bids" FOR EACH ROW EXECUTE FUNCTION timed_sale_bids_immutable();--> statement-breakpoint
CREATE TRIGGER "timed_sale_bids_no_truncate" BEFORE TRUNCATE ON "timed_sale_bids" FOR EACH STATEMENT EXECUTE FUNCTION record_tables_refuse_truncate();--> statement-breakpoint
-- A closed lot never reopens and its result never moves back, whatever code runs (docs/product/timed-sale.md#the-close).
CREATE FUNCTION timed_sale_lots_never_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'open' AND (NEW.status = 'open' OR NEW.closes_at <> OLD.closes_at
      OR NEW.price_cents IS DISTINCT FROM OLD.price_cents OR NEW.leader_user_id IS DISTINCT FROM OLD.leader_user_id) THEN
    RAISE EXCEPTION 'a closed lot never reopens';
  END IF;
  IF OLD.status IN ('sold','if_accepted','unsold') AND NEW.status <> OLD.status THEN
    RAISE EXCEPTION 'a lot''s final result never changes';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER timed_sale_lots_never_reopen BEFORE UPDATE ON "timed_sale_lots" FOR EACH ROW EXECUTE FUNCTION timed_sale_lots_never_reopen();
