CREATE TABLE "sandbox_revoked_mandates" (
	"mandate_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"mandate_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"interval_months" integer NOT NULL,
	"next_payment_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"webhook_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "discount_redemptions_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"site" text NOT NULL,
	"plan_id" text NOT NULL,
	"months" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_bp" integer NOT NULL,
	"country" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"mandate_id" text,
	"provider_subscription_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_debt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "premium_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "sequence_type" text DEFAULT 'oneoff' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "sequence_type" text DEFAULT 'oneoff' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "amount_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "amount_charged_back_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_transaction_idx" ON "discount_redemptions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_idx" ON "subscriptions" USING btree ("provider","provider_subscription_id");