DROP INDEX "ledger_accounts_system_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("kind","shard") WHERE "ledger_accounts"."user_id" is null;