ALTER TABLE "tractor_listings" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resale_certificate" text;