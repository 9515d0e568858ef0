CREATE TABLE "inquiry_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"pickup" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"sent_by" uuid NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_offers_status_check" CHECK ("inquiry_offers"."status" in ('sent','accepted','declined','call_requested','superseded')),
	CONSTRAINT "inquiry_offers_amount_check" CHECK ("inquiry_offers"."amount_cents" > 0 and "inquiry_offers"."amount_cents" <= 1000000000)
);
--> statement-breakpoint
ALTER TABLE "inquiry_offers" ADD CONSTRAINT "inquiry_offers_inquiry_id_tractor_sale_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."tractor_sale_inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_offers_token_hash_idx" ON "inquiry_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "inquiry_offers_inquiry_idx" ON "inquiry_offers" USING btree ("inquiry_id","created_at");--> statement-breakpoint
-- A sent offer never changes or disappears; only its answer is written once (decision 0045).
CREATE FUNCTION inquiry_offers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'inquiry_offers rows are never deleted';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.inquiry_id IS DISTINCT FROM OLD.inquiry_id
     OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents OR NEW.valid_until IS DISTINCT FROM OLD.valid_until
     OR NEW.pickup IS DISTINCT FROM OLD.pickup OR NEW.message IS DISTINCT FROM OLD.message
     OR NEW.token_hash IS DISTINCT FROM OLD.token_hash OR NEW.sent_by IS DISTINCT FROM OLD.sent_by
     OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'a sent inquiry offer never changes';
  END IF;
  IF OLD.status <> 'sent' THEN
    RAISE EXCEPTION 'an answered inquiry offer never changes';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER inquiry_offers_immutable BEFORE UPDATE OR DELETE ON "inquiry_offers" FOR EACH ROW EXECUTE FUNCTION inquiry_offers_immutable();
