-- Imported sales beside FieldLot's own (docs/product/sale-imports.md, decision 0079): a source_id unique per source,
-- so importing a file twice adds nothing; year, hours, grade and state may be unknown for imported rows only.
-- The insert-only and no-truncate triggers of 0026 and 0032 are unchanged.
ALTER TABLE "market_sales" DROP CONSTRAINT "market_sales_source_check";--> statement-breakpoint
ALTER TABLE "market_sales" ALTER COLUMN "year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "market_sales" ALTER COLUMN "hours" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "market_sales" ALTER COLUMN "grade_tenths" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "market_sales" ALTER COLUMN "state" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "horsepower" real;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "size_class" text;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "drive" text;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "cab" text;--> statement-breakpoint
ALTER TABLE "market_sales" ADD COLUMN "transmission" text;--> statement-breakpoint
CREATE UNIQUE INDEX "market_sales_source_id_idx" ON "market_sales" USING btree ("source","source_id");--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_own_facts_check" CHECK (case when "market_sales"."source" in ('fieldlot','demo') then "market_sales"."source_id" is null and "market_sales"."year" is not null and "market_sales"."hours" is not null and "market_sales"."grade_tenths" is not null and "market_sales"."state" is not null else "market_sales"."source_id" is not null end);--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_source_check" CHECK ("market_sales"."source" in ('fieldlot','demo','auction','dealer'));
