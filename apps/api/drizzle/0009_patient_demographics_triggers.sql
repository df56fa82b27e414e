-- Keeps patient_birth_counts and patient_profile_counts exact, as 0007 does for patient_counts: one aggregated
-- upsert per statement from the transition tables, rows taken in key order (no deadlock between writers).
-- An update that changes none of the counted columns nets to zero and writes nothing.
CREATE FUNCTION patient_demographics_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_birth_counts AS c (gender, birth_date, n)
    SELECT gender, birth_date, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_birth_counts_key DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO patient_profile_counts AS c (blood_group_id, estrato, n)
    SELECT blood_group_id, estrato, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_profile_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_birth_counts AS c (gender, birth_date, n)
    SELECT gender, birth_date, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_birth_counts_key DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO patient_profile_counts AS c (blood_group_id, estrato, n)
    SELECT blood_group_id, estrato, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_profile_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO patient_birth_counts AS c (gender, birth_date, n)
    SELECT gender, birth_date, sum(d)
      FROM (SELECT gender, birth_date, 1 AS d FROM new_rows
            UNION ALL SELECT gender, birth_date, -1 FROM old_rows) moved
     GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_birth_counts_key DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO patient_profile_counts AS c (blood_group_id, estrato, n)
    SELECT blood_group_id, estrato, sum(d)
      FROM (SELECT blood_group_id, estrato, 1 AS d FROM new_rows
            UNION ALL SELECT blood_group_id, estrato, -1 FROM old_rows) moved
     GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT patient_profile_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every counter from scratch: bulk loads that run with triggers off call this one function, as before.
CREATE OR REPLACE FUNCTION patient_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM patient_counts;
  INSERT INTO patient_counts (status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, n)
  SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, count(*)
    FROM patients GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM patient_birth_counts;
  INSERT INTO patient_birth_counts (gender, birth_date, n)
  SELECT gender, birth_date, count(*) FROM patients GROUP BY 1, 2;
  DELETE FROM patient_profile_counts;
  INSERT INTO patient_profile_counts (blood_group_id, estrato, n)
  SELECT blood_group_id, estrato, count(*) FROM patients GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_counts;
  DELETE FROM patient_birth_counts;
  DELETE FROM patient_profile_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_demographics_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_demographics_apply();
--> statement-breakpoint
CREATE TRIGGER patients_demographics_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_demographics_apply();
--> statement-breakpoint
CREATE TRIGGER patients_demographics_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_demographics_apply();
--> statement-breakpoint
SELECT patient_counts_rebuild();
