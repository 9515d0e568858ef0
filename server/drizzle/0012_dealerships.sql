-- Dealership teams (docs/product/dealer-tools.md#dealership-teams, decision 0022): a dealership has one owner
-- and members (buyer or viewer, optional per-offer limit); owners invite by e-mail (single-use hashed token).
-- Offers belong to the dealership (buyer_user_id stays the member who acted). Every existing dealer becomes the
-- owner of a one-person dealership named after their company; their offers move into it.
CREATE TABLE "dealerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dealerships_owner_key" ON "dealerships" USING btree ("owner_user_id");
--> statement-breakpoint
CREATE TABLE "dealership_members" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"dealership_id" uuid NOT NULL REFERENCES "dealerships"("id") ON DELETE restrict,
	"role" text NOT NULL,
	"offer_limit_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "dealership_members_role_check" CHECK ("dealership_members"."role" in ('owner','buyer','viewer')),
	CONSTRAINT "dealership_members_limit_check" CHECK ("dealership_members"."offer_limit_cents" is null or "dealership_members"."offer_limit_cents" >= 100)
);
--> statement-breakpoint
CREATE INDEX "dealership_members_dealership_idx" ON "dealership_members" USING btree ("dealership_id");
--> statement-breakpoint
CREATE TABLE "dealership_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealership_id" uuid NOT NULL REFERENCES "dealerships"("id") ON DELETE restrict,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"offer_limit_cents" bigint,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid REFERENCES "users"("id") ON DELETE restrict,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "dealership_invites_role_check" CHECK ("dealership_invites"."role" in ('buyer','viewer')),
	CONSTRAINT "dealership_invites_limit_check" CHECK ("dealership_invites"."offer_limit_cents" is null or "dealership_invites"."offer_limit_cents" >= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dealership_invites_token_key" ON "dealership_invites" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "dealership_invites_open_key" ON "dealership_invites" USING btree ("dealership_id","email") WHERE "dealership_invites"."accepted_at" is null and "dealership_invites"."revoked_at" is null;
--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD COLUMN "dealership_id" uuid REFERENCES "dealerships"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE INDEX "tractor_offers_dealership_created_idx" ON "tractor_offers" USING btree ("dealership_id","created_at" desc);
--> statement-breakpoint
INSERT INTO "dealerships" ("name", "owner_user_id", "created_at")
SELECT u."company_name", u."id", u."created_at" FROM "users" u WHERE u."status" = 'approved';
--> statement-breakpoint
INSERT INTO "dealership_members" ("user_id", "dealership_id", "role", "created_at")
SELECT d."owner_user_id", d."id", 'owner', d."created_at" FROM "dealerships" d;
--> statement-breakpoint
UPDATE "tractor_offers" o SET "dealership_id" = m."dealership_id"
FROM "dealership_members" m WHERE m."user_id" = o."buyer_user_id";
