ALTER TABLE "inspection_photos" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "inspection_ratings" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspection_ratings" ADD COLUMN "device_id" text;