CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"document_type_id" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"birth_date" date,
	"gender" text,
	"status" text DEFAULT 'Activo' NOT NULL,
	"phone" text,
	"phone_alt" text,
	"email" text,
	"address" text,
	"municipality_id" integer,
	"zone_id" integer,
	"blood_group_id" integer,
	"has_disability" boolean DEFAULT false NOT NULL,
	"disability_type_id" integer,
	"notes" text,
	"insurance_eps_id" integer,
	"insurance_affiliation_type" text,
	"education_level_id" integer,
	"marital_status_id" integer,
	"population_group_id" integer,
	"estrato" smallint,
	"allergies" text,
	"medical_conditions" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_document_check" CHECK ("patients"."document" ~ '^[0-9]{5,20}$'),
	CONSTRAINT "patients_status_check" CHECK ("patients"."status" in ('Activo','Inactivo')),
	CONSTRAINT "patients_gender_check" CHECK ("patients"."gender" in ('Masculino','Femenino','Otro')),
	CONSTRAINT "patients_affiliation_check" CHECK ("patients"."insurance_affiliation_type" in ('Contributivo','Subsidiado','Vinculado','Particular','Otro')),
	CONSTRAINT "patients_estrato_check" CHECK ("patients"."estrato" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "pregnancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"expected_due_date" date NOT NULL,
	"high_risk" boolean DEFAULT false NOT NULL,
	"risk_factors" text,
	"notes" text,
	"status" text DEFAULT 'Activa' NOT NULL,
	"delivery_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pregnancies_status_check" CHECK ("pregnancies"."status" in ('Activa','Completada','Interrumpida')),
	CONSTRAINT "pregnancies_due_date_check" CHECK ("pregnancies"."expected_due_date" = "pregnancies"."start_date" + 280),
	CONSTRAINT "pregnancies_closed_check" CHECK (("pregnancies"."status" = 'Activa') = ("pregnancies"."delivery_date" is null) and ("pregnancies"."delivery_date" is null or "pregnancies"."delivery_date" >= "pregnancies"."start_date"))
);
--> statement-breakpoint
CREATE TABLE "prenatal_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"pregnancy_id" integer NOT NULL,
	"control_date" date NOT NULL,
	"gestational_weeks" smallint NOT NULL,
	"weight_kg" numeric(5, 2),
	"blood_pressure" text,
	"fetal_heart_rate" smallint,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prenatal_controls_weeks_check" CHECK ("prenatal_controls"."gestational_weeks" between 0 and 45),
	CONSTRAINT "prenatal_controls_weight_check" CHECK ("prenatal_controls"."weight_kg" between 20 and 300),
	CONSTRAINT "prenatal_controls_bp_check" CHECK ("prenatal_controls"."blood_pressure" ~ '^[0-9]{2,3}/[0-9]{2,3}$'),
	CONSTRAINT "prenatal_controls_fhr_check" CHECK ("prenatal_controls"."fetal_heart_rate" between 50 and 250)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_blood_group_id_blood_groups_id_fk" FOREIGN KEY ("blood_group_id") REFERENCES "public"."blood_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_disability_type_id_disability_types_id_fk" FOREIGN KEY ("disability_type_id") REFERENCES "public"."disability_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_insurance_eps_id_eps_id_fk" FOREIGN KEY ("insurance_eps_id") REFERENCES "public"."eps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_education_level_id_education_levels_id_fk" FOREIGN KEY ("education_level_id") REFERENCES "public"."education_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_marital_status_id_marital_statuses_id_fk" FOREIGN KEY ("marital_status_id") REFERENCES "public"."marital_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_population_group_id_population_groups_id_fk" FOREIGN KEY ("population_group_id") REFERENCES "public"."population_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prenatal_controls" ADD CONSTRAINT "prenatal_controls_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prenatal_controls" ADD CONSTRAINT "prenatal_controls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_document_key" ON "patients" USING btree ("document_type_id","document");--> statement-breakpoint
CREATE INDEX "patients_status_sort_idx" ON "patients" USING btree ("status",(immutable_unaccent(lower("name")) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "patients_sort_idx" ON "patients" USING btree ((immutable_unaccent(lower("name")) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "patients_document_prefix_idx" ON "patients" USING btree ("document" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_name_trgm_idx" ON "patients" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_trgm_idx" ON "patients" USING gin ((regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce("phone_alt", ''), '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_email_trgm_idx" ON "patients" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_created_at_idx" ON "patients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "patients_gender_status_idx" ON "patients" USING btree ("gender","status");--> statement-breakpoint
CREATE INDEX "patients_eps_status_idx" ON "patients" USING btree ("insurance_eps_id","status");--> statement-breakpoint
CREATE INDEX "patients_municipality_status_idx" ON "patients" USING btree ("municipality_id","status");--> statement-breakpoint
CREATE INDEX "patients_zone_idx" ON "patients" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "pregnancies_patient_idx" ON "pregnancies" USING btree ("patient_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancies_one_active_key" ON "pregnancies" USING btree ("patient_id") WHERE "pregnancies"."status" = 'Activa';--> statement-breakpoint
CREATE INDEX "prenatal_controls_pregnancy_idx" ON "prenatal_controls" USING btree ("pregnancy_id","control_date");