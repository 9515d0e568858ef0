CREATE TABLE "inquiry_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"want_list_id" uuid,
	"dealer_user_id" uuid NOT NULL,
	"dealership_id" uuid,
	"distance_miles" integer,
	"answer" text,
	"max_price_cents" bigint,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_matches_answer_check" CHECK ("inquiry_matches"."answer" is null or "inquiry_matches"."answer" in ('interested','not_for_me'))
);
--> statement-breakpoint
CREATE TABLE "want_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"dealership_id" uuid,
	"make" text NOT NULL,
	"model_words" text DEFAULT '' NOT NULL,
	"year_min" integer,
	"year_max" integer,
	"max_hours" integer,
	"max_price_cents" bigint,
	"max_distance_miles" integer,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiry_matches" ADD CONSTRAINT "inquiry_matches_inquiry_id_tractor_sale_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."tractor_sale_inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_matches" ADD CONSTRAINT "inquiry_matches_want_list_id_want_lists_id_fk" FOREIGN KEY ("want_list_id") REFERENCES "public"."want_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_matches" ADD CONSTRAINT "inquiry_matches_dealer_user_id_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_matches" ADD CONSTRAINT "inquiry_matches_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_lists" ADD CONSTRAINT "want_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_lists" ADD CONSTRAINT "want_lists_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_matches_inquiry_dealer_key" ON "inquiry_matches" USING btree ("inquiry_id","dealer_user_id");--> statement-breakpoint
CREATE INDEX "want_lists_user_idx" ON "want_lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "want_lists_make_idx" ON "want_lists" USING btree (lower("make"));