CREATE TABLE "inquiry_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tractor_sale_inquiries" DROP CONSTRAINT "tractor_sale_inquiries_status_check";--> statement-breakpoint
ALTER TABLE "tractor_sale_inquiries" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "tractor_sale_inquiries" ADD COLUMN "draft_listing_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiry_photos" ADD CONSTRAINT "inquiry_photos_inquiry_id_tractor_sale_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."tractor_sale_inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_photos_inquiry_position_key" ON "inquiry_photos" USING btree ("inquiry_id","position");--> statement-breakpoint
ALTER TABLE "tractor_sale_inquiries" ADD CONSTRAINT "tractor_sale_inquiries_status_check" CHECK ("tractor_sale_inquiries"."status" in ('pending','contacted','offer_sent','offer_accepted','offer_declined','offer_expired','closed'));--> statement-breakpoint
-- The sell form's photos never change or disappear (docs/decisions/0050-farmer-offer-flow.md).
CREATE FUNCTION inquiry_photos_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inquiry_photos rows are never changed or deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER inquiry_photos_immutable BEFORE UPDATE OR DELETE ON "inquiry_photos" FOR EACH ROW EXECUTE FUNCTION inquiry_photos_immutable();
