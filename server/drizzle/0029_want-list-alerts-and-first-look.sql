CREATE TABLE "listing_first_look_dealers" (
	"listing_id" uuid NOT NULL,
	"dealership_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_first_look_dealers_pk" PRIMARY KEY("listing_id","dealership_id")
);
--> statement-breakpoint
CREATE TABLE "listing_first_looks" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"hours" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "want_list_sends" (
	"want_list_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "want_list_sends_pk" PRIMARY KEY("want_list_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "listing_first_look_dealers" ADD CONSTRAINT "listing_first_look_dealers_listing_id_listing_first_looks_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing_first_looks"("listing_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_first_look_dealers" ADD CONSTRAINT "listing_first_look_dealers_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_first_looks" ADD CONSTRAINT "listing_first_looks_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_list_sends" ADD CONSTRAINT "want_list_sends_want_list_id_want_lists_id_fk" FOREIGN KEY ("want_list_id") REFERENCES "public"."want_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_list_sends" ADD CONSTRAINT "want_list_sends_listing_id_tractor_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."tractor_listings"("id") ON DELETE cascade ON UPDATE no action;