CREATE TABLE "market_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sold_on" date NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"family" text NOT NULL,
	"year" integer NOT NULL,
	"hours" integer NOT NULL,
	"grade_tenths" smallint NOT NULL,
	"state" text NOT NULL,
	"zip" text,
	"price_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sales_source_check" CHECK ("market_sales"."source" in ('fieldlot','demo')),
	CONSTRAINT "market_sales_price_check" CHECK ("market_sales"."price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "market_sales_family_sold_on_idx" ON "market_sales" USING btree ("make","family","sold_on");--> statement-breakpoint
CREATE UNIQUE INDEX "market_sales_purchase_idx" ON "market_sales" USING btree ("purchase_id");--> statement-breakpoint
-- A recorded sale never changes and a real one is never deleted (decision 0046); only demo rows may be cleared.
CREATE FUNCTION market_sales_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.source = 'demo' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'market_sales is insert-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_sales_immutable BEFORE UPDATE OR DELETE ON "market_sales" FOR EACH ROW EXECUTE FUNCTION market_sales_immutable();
