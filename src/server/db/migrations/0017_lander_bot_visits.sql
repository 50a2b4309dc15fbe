CREATE TABLE "lander_bot_visits" (
	"site" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lander_bot_visits_site_day_pk" PRIMARY KEY("site","day")
);
