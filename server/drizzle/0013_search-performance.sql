-- Search performance (decision 0020): one- and two-letter searches go by prefix on make and model.
CREATE INDEX IF NOT EXISTS "tractor_listings_make_prefix_idx" ON "tractor_listings" USING btree ("status", lower("make") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tractor_listings_model_prefix_idx" ON "tractor_listings" USING btree ("status", lower("model") text_pattern_ops);--> statement-breakpoint
-- A state filter walks its own listings newest first (the "ranges" search read 30,000 index entries without it).
CREATE INDEX IF NOT EXISTS "tractor_listings_location_created_idx" ON "tractor_listings" USING btree ("status", "location", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);--> statement-breakpoint
-- The card's primary image without a heap visit (index-only scan in the page query's join).
CREATE INDEX IF NOT EXISTS "tractor_images_primary_card_idx" ON "tractor_images" USING btree ("listing_id", "storage_key", "width", "height") WHERE "is_primary";--> statement-breakpoint
-- Sessions are cached in process for a few seconds: the database tells every instance when one ends or its user
-- changes, on the events channel (the instances drop that user's cached sessions).
CREATE OR REPLACE FUNCTION fieldlot_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := OLD.id;
  ELSE
    uid := OLD.user_id;
  END IF;
  PERFORM pg_notify('fieldlot_events', json_build_object('type', 'session.changed', 'audience', json_build_array(), 'data', json_build_object('userId', uid))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER DELETE OR UPDATE ON "sessions" FOR EACH ROW EXECUTE FUNCTION fieldlot_session_changed();--> statement-breakpoint
CREATE TRIGGER "users_changed_notify" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION fieldlot_session_changed();
