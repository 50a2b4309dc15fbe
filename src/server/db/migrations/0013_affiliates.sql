CREATE TABLE "conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"site" text NOT NULL,
	"event" text NOT NULL,
	"key" text NOT NULL,
	"transaction_id" integer,
	"amount_cents" integer,
	"currency" text,
	"network" text,
	"lander" text,
	"variant" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lander_visits" (
	"site" text NOT NULL,
	"day" date NOT NULL,
	"lander" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lander_visits_site_day_lander_variant_network_pk" PRIMARY KEY("site","day","lander","variant","network")
);
--> statement-breakpoint
CREATE TABLE "postback_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"postback_id" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "postbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversion_id" integer NOT NULL,
	"site" text NOT NULL,
	"network" text NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_attempts" ADD CONSTRAINT "postback_attempts_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_user_key_idx" ON "conversions" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "conversions_site_created_idx" ON "conversions" USING btree ("site","created_at");--> statement-breakpoint
CREATE INDEX "postback_attempts_postback_idx" ON "postback_attempts" USING btree ("postback_id");--> statement-breakpoint
CREATE UNIQUE INDEX "postbacks_conversion_idx" ON "postbacks" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "postbacks_due_idx" ON "postbacks" USING btree ("next_attempt_at") WHERE "postbacks"."status" = 'pending';