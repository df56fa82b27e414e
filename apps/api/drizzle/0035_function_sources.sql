-- Decision 046. Every function's current body lives in one file, drizzle/functions/<name>.sql, which
-- db/functions.ts applies (CREATE OR REPLACE) after the migrations when its checksum differs from the one
-- recorded here. Migrations 0000–0034 keep their historical copies (a fresh database replays them as an
-- existing one did); no migration after this one creates or replaces a function.
CREATE TABLE "db_function_sources" (
  "name" text PRIMARY KEY NOT NULL,
  "checksum" text NOT NULL,
  "applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
