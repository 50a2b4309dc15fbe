CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"country" text,
	"countryregion" text,
	"city" text,
	"personal" text,
	"language" text DEFAULT 'en' NOT NULL,
	"last_signup_step" smallint DEFAULT 0 NOT NULL,
	"main_image_id" integer,
	"is_visible" boolean DEFAULT true NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"mailprovider" smallint DEFAULT 0 NOT NULL,
	"trafficsource" text,
	"timezone" text,
	"referrer" text,
	"form_path" text,
	"user_agent" text,
	"originating_profile_id" integer,
	"tracking" jsonb,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_profile_idx" ON "images" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profiles_active_idx" ON "profiles" USING btree ("last_active_at","id") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_country_active_idx" ON "profiles" USING btree ("country","last_active_at","id") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_gender_active_idx" ON "profiles" USING btree ("gender","last_active_at","id") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_gender_dob_idx" ON "profiles" USING btree ("gender","date_of_birth") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_site_email_idx" ON "users" USING btree ("site","email");