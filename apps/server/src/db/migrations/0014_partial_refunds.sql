ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_tokens" integer;