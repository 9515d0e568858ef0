ALTER TABLE "tractor_listings" ADD COLUMN "yard_address" text;--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "yard_phone" text;--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "yard_hours" text;