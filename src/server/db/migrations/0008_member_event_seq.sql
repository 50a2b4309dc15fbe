ALTER TABLE "member_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "member_events" e SET "seq" = n.seq FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS seq FROM "member_events") n WHERE n."id" = e."id";--> statement-breakpoint
ALTER TABLE "member_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_events_user_seq_idx" ON "member_events" USING btree ("user_id","seq");
