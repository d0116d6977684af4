ALTER TABLE "payout_requests" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "payout_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "reference" text DEFAULT '' NOT NULL;