-- Domain events (decision 0027): a module publishes in the transaction of its change; subscribers of other modules
-- get the event after commit, each row delivered in one transaction with their effects (at least once, retried).
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "domain_events_status_check" CHECK ("domain_events"."status" in ('pending','delivered','failed'))
);
--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("next_attempt_at") WHERE "domain_events"."status" = 'pending';
