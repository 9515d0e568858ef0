-- After the deal (decision 0019): purchases, their timeline, invoices, credit notes, payments and guarantee
-- claims; gapless document counters; the dealer's delivery address and the listing's city and ZIP.
-- Records: ON DELETE RESTRICT everywhere and a trigger refusing DELETE; invoices, credit notes, payments and
-- timeline rows are insert-only (docs/decisions/0019-purchases-and-documents.md).
ALTER TABLE "users" ADD COLUMN "address_line" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_city" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_state" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_zip" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "city" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "zip" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_zip_check" CHECK ("tractor_listings"."zip" is null or "tractor_listings"."zip" ~ '^[0-9]{5}$');
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY("name","year")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"offer_id" uuid NOT NULL REFERENCES "tractor_offers"("id") ON DELETE restrict,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE restrict,
	"buyer_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"seller_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"inspection_revision_id" uuid REFERENCES "inspection_revisions"("id") ON DELETE restrict,
	"price_cents" bigint NOT NULL,
	"buyer_fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"status_before_dispute" text,
	"cancel_reason" text,
	"due_date" date NOT NULL,
	"fulfilment" text,
	"delivery_cents" bigint,
	"delivery_miles" integer,
	"delivery_to" text,
	"total_cents" bigint,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"release_code" text,
	"released_at" timestamp with time zone,
	"carrier" text,
	"pickup_date" date,
	"delivery_date" date,
	"handed_over_at" timestamp with time zone,
	"title_received_at" date,
	"title_sent_at" timestamp with time zone,
	"title_carrier" text,
	"title_tracking" text,
	"guarantee_ends_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('awaiting_payment','paid','released','picked_up','delivered','title_sent','complete','cancelled','in_dispute')),
	CONSTRAINT "purchases_fulfilment_check" CHECK ("purchases"."fulfilment" is null or "purchases"."fulfilment" in ('collect','delivery')),
	CONSTRAINT "purchases_money_check" CHECK ("purchases"."price_cents" >= 0 and "purchases"."buyer_fee_cents" >= 0 and "purchases"."paid_cents" >= 0 and "purchases"."credited_cents" >= 0 and "purchases"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_number_key" ON "purchases" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_offer_key" ON "purchases" USING btree ("offer_id");
--> statement-breakpoint
CREATE INDEX "purchases_buyer_idx" ON "purchases" USING btree ("buyer_user_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","due_date");
--> statement-breakpoint
CREATE TABLE "purchase_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL REFERENCES "purchases"("id") ON DELETE restrict,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"actor_user_id" uuid REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "purchase_events_purchase_idx" ON "purchase_events" USING btree ("purchase_id","id");
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL REFERENCES "purchases"("id") ON DELETE restrict,
	"number" text NOT NULL,
	"bill_to" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_purchase_key" ON "invoices" USING btree ("purchase_id");
--> statement-breakpoint
CREATE TABLE "purchase_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL REFERENCES "purchases"("id") ON DELETE restrict,
	"dealer_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"checkpoints" jsonb NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"credit_cents" bigint,
	"answered_by" uuid REFERENCES "users"("id") ON DELETE restrict,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_claims_status_check" CHECK ("purchase_claims"."status" in ('open','credited','returned','denied'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_claims_one_open_key" ON "purchase_claims" USING btree ("purchase_id") WHERE "purchase_claims"."status" = 'open';
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL REFERENCES "purchases"("id") ON DELETE restrict,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE restrict,
	"claim_id" uuid REFERENCES "purchase_claims"("id") ON DELETE restrict,
	"number" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL REFERENCES "purchases"("id") ON DELETE restrict,
	"kind" text DEFAULT 'payment' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"recorded_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment','refund')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "payments_purchase_idx" ON "payments" USING btree ("purchase_id","created_at");
--> statement-breakpoint
-- Records are never deleted; documents, payments and timeline rows never change either.
CREATE FUNCTION purchase_records_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are records: they are never deleted', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION purchase_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is insert-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_no_delete BEFORE DELETE ON "purchases" FOR EACH ROW EXECUTE FUNCTION purchase_records_no_delete();
--> statement-breakpoint
CREATE TRIGGER purchase_claims_no_delete BEFORE DELETE ON "purchase_claims" FOR EACH ROW EXECUTE FUNCTION purchase_records_no_delete();
--> statement-breakpoint
CREATE TRIGGER purchase_events_immutable BEFORE UPDATE OR DELETE ON "purchase_events" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();
--> statement-breakpoint
CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();
--> statement-breakpoint
CREATE TRIGGER payments_immutable BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION purchase_records_immutable();
