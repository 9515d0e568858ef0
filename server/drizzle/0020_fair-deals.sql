DROP INDEX "dealership_invites_token_key";--> statement-breakpoint
ALTER TABLE "dealership_invites" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD COLUMN "below_floor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dealership_invites_token_key" ON "dealership_invites" USING btree ("token_hash") WHERE "dealership_invites"."accepted_at" is null and "dealership_invites"."revoked_at" is null;--> statement-breakpoint
-- Invitations sent before this migration were each e-mailed when made (decision 0039).
UPDATE "dealership_invites" SET "mailed_at" = "created_at";
--> statement-breakpoint
-- No dealership buys from itself (decision 0039): a purchase whose buyer's dealership (the purchase's, or the
-- buyer's membership) is the seller's is refused, whatever the code does.
CREATE FUNCTION purchases_refuse_self_dealing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM dealership_members s
    WHERE s.user_id = NEW.seller_user_id
      AND (s.dealership_id = NEW.dealership_id
        OR s.dealership_id = (SELECT b.dealership_id FROM dealership_members b WHERE b.user_id = NEW.buyer_user_id))
  ) THEN
    RAISE EXCEPTION 'a dealership cannot buy its own listing'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'purchases_not_self_dealing';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_not_self_dealing BEFORE INSERT OR UPDATE OF buyer_user_id, seller_user_id, dealership_id ON "purchases" FOR EACH ROW EXECUTE FUNCTION purchases_refuse_self_dealing();
