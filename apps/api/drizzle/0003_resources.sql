CREATE TABLE "cups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"requires_authorization" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Activo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cups_code_check" CHECK ("cups"."code" ~ '^[0-9A-Z]{6}$'),
	CONSTRAINT "cups_price_check" CHECK ("cups"."price" >= 0),
	CONSTRAINT "cups_status_check" CHECK ("cups"."status" in ('Activo','Inactivo'))
);
--> statement-breakpoint
CREATE TABLE "doctor_locations" (
	"doctor_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "doctor_locations_pkey" PRIMARY KEY("doctor_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "doctor_specialties" (
	"doctor_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "doctor_specialties_pkey" PRIMARY KEY("doctor_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"license_number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eps_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"eps_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"authorized" boolean DEFAULT true NOT NULL,
	"authorization_date" date,
	"expiration_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eps_authorizations_dates_check" CHECK ("eps_authorizations"."expiration_date" is null or "eps_authorizations"."authorization_date" is null or "eps_authorizations"."expiration_date" >= "eps_authorizations"."authorization_date")
);
--> statement-breakpoint
CREATE TABLE "location_specialties" (
	"location_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "location_specialties_pkey" PRIMARY KEY("location_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "location_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_types_status_check" CHECK ("location_types"."status" in ('active','inactive'))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_type_id" integer,
	"address" text,
	"phone" text,
	"hours" text,
	"emergency_hours" text,
	"capacity" integer,
	"status" text DEFAULT 'Activa' NOT NULL,
	"municipality_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_status_check" CHECK ("locations"."status" in ('Activa','Inactiva')),
	CONSTRAINT "locations_capacity_check" CHECK ("locations"."capacity" is null or "locations"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'COP' NOT NULL,
	"category" text DEFAULT 'consulta' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_price_check" CHECK ("services"."base_price" >= 0),
	CONSTRAINT "services_currency_check" CHECK ("services"."currency" in ('COP','USD')),
	CONSTRAINT "services_category_check" CHECK ("services"."category" in ('consulta','laboratorio','imagen','procedimiento','otro'))
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_duration_minutes" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialties_duration_check" CHECK ("specialties"."default_duration_minutes" between 10 and 480)
);
--> statement-breakpoint
ALTER TABLE "doctor_locations" ADD CONSTRAINT "doctor_locations_doctor_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_locations" ADD CONSTRAINT "doctor_locations_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_doctor_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_authorizations" ADD CONSTRAINT "eps_authorizations_eps_fk" FOREIGN KEY ("eps_id") REFERENCES "public"."eps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_authorizations" ADD CONSTRAINT "eps_authorizations_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_authorizations" ADD CONSTRAINT "eps_authorizations_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_specialties" ADD CONSTRAINT "location_specialties_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_specialties" ADD CONSTRAINT "location_specialties_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_location_type_fk" FOREIGN KEY ("location_type_id") REFERENCES "public"."location_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_municipality_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cups_code_key" ON "cups" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cups_category_idx" ON "cups" USING btree ("category");--> statement-breakpoint
CREATE INDEX "doctor_locations_location_idx" ON "doctor_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "doctor_specialties_specialty_idx" ON "doctor_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_license_key" ON "doctors" USING btree (lower("license_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_user_key" ON "doctors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eps_authorizations_key" ON "eps_authorizations" USING btree ("eps_id","specialty_id","location_id");--> statement-breakpoint
CREATE INDEX "eps_authorizations_location_idx" ON "eps_authorizations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "eps_authorizations_specialty_idx" ON "eps_authorizations" USING btree ("specialty_id");--> statement-breakpoint
CREATE INDEX "location_specialties_specialty_idx" ON "location_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_types_name_key" ON "location_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "locations_type_idx" ON "locations" USING btree ("location_type_id");--> statement-breakpoint
CREATE INDEX "locations_municipality_idx" ON "locations" USING btree ("municipality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specialties_name_key" ON "specialties" USING btree (lower("name"));