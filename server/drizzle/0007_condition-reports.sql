-- Condition reports (decision 0014): inspector accounts, inspections with their draft ratings and photos,
-- published revisions (insert-only), the grade on the listing for search, and the revision frozen with a purchase.
-- A draft goes with its listing; a published revision is a record and keeps its listing (RESTRICT).
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending','rejected','approved','admin','inspector'));
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "grade_tenths" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "as_is_reason" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_grade_check" CHECK ("tractor_listings"."grade_tenths" = 0 or "tractor_listings"."grade_tenths" between 10 and 50);
--> statement-breakpoint
CREATE INDEX "tractor_listings_grade_idx" ON "tractor_listings" USING btree ("status","grade_tenths","id");
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE cascade,
	"serial" text DEFAULT '' NOT NULL,
	"hour_meter" integer,
	"announcements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"treads" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_hour_meter_check" CHECK ("inspections"."hour_meter" is null or "inspections"."hour_meter" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_listing_key" ON "inspections" USING btree ("listing_id");
--> statement-breakpoint
CREATE TABLE "inspection_ratings" (
	"inspection_id" uuid NOT NULL REFERENCES "inspections"("id") ON DELETE cascade,
	"checkpoint_id" text NOT NULL,
	"rating" text,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_ratings_pk" PRIMARY KEY("inspection_id","checkpoint_id"),
	CONSTRAINT "inspection_ratings_rating_check" CHECK ("inspection_ratings"."rating" is null or "inspection_ratings"."rating" in ('ok','monitor','repair','na')),
	CONSTRAINT "inspection_ratings_note_check" CHECK (length("inspection_ratings"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL REFERENCES "inspections"("id") ON DELETE cascade,
	"checkpoint_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid REFERENCES "users"("id") ON DELETE restrict,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inspection_photos_inspection_idx" ON "inspection_photos" USING btree ("inspection_id","created_at");
--> statement-breakpoint
CREATE TABLE "inspection_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL REFERENCES "inspections"("id") ON DELETE restrict,
	"listing_id" uuid NOT NULL REFERENCES "tractor_listings"("id") ON DELETE restrict,
	"number" integer NOT NULL,
	"grade_tenths" smallint NOT NULL,
	"serial" text NOT NULL,
	"hour_meter" integer NOT NULL,
	"announcements" jsonb NOT NULL,
	"treads" jsonb NOT NULL,
	"ratings" jsonb NOT NULL,
	"photos" jsonb NOT NULL,
	"inspector_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"inspector_name" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_revisions_grade_check" CHECK ("inspection_revisions"."grade_tenths" between 10 and 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_revisions_number_key" ON "inspection_revisions" USING btree ("inspection_id","number");
--> statement-breakpoint
CREATE INDEX "inspection_revisions_listing_idx" ON "inspection_revisions" USING btree ("listing_id","number" DESC);
--> statement-breakpoint
-- A published revision is a record: never edited or deleted (an edit publishes a new one).
CREATE FUNCTION inspection_revisions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inspection_revisions is insert-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inspection_revisions_no_change BEFORE UPDATE OR DELETE ON "inspection_revisions" FOR EACH ROW EXECUTE FUNCTION inspection_revisions_immutable();
--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD COLUMN "inspection_revision_id" uuid REFERENCES "inspection_revisions"("id") ON DELETE restrict;
--> statement-breakpoint
-- The report in force when an offer is accepted is frozen with the purchase, whatever code accepts it.
CREATE FUNCTION tractor_offers_freeze_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'accepted' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'accepted') THEN
    NEW.inspection_revision_id := (
      SELECT r.id FROM inspection_revisions r WHERE r.listing_id = NEW.listing_id ORDER BY r.number DESC LIMIT 1
    );
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'accepted' THEN
    NEW.inspection_revision_id := OLD.inspection_revision_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tractor_offers_freeze_report BEFORE INSERT OR UPDATE ON "tractor_offers" FOR EACH ROW EXECUTE FUNCTION tractor_offers_freeze_report();
