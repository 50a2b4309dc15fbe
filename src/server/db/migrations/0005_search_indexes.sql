DROP INDEX "profiles_active_idx";--> statement-breakpoint
DROP INDEX "profiles_country_active_idx";--> statement-breakpoint
DROP INDEX "profiles_gender_active_idx";--> statement-breakpoint
DROP INDEX "profiles_gender_dob_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("last_active_at","id","gender","country","countryregion","date_of_birth") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_search_gender_idx" ON "profiles" USING btree ("gender","last_active_at","id","country","countryregion","date_of_birth") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","last_active_at","id","gender","countryregion","date_of_birth") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","countryregion","last_active_at","id","gender","date_of_birth") WHERE "profiles"."is_visible";--> statement-breakpoint
CREATE INDEX "profiles_search_gender_country_idx" ON "profiles" USING btree ("gender","country","last_active_at","id","countryregion","date_of_birth") WHERE "profiles"."is_visible";