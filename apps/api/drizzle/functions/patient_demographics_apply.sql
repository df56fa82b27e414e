-- The current version, applied after the migrations (decision 046); before it, last in migration 0009.
-- Keeps patient_birth_counts and patient_profile_counts exact, as 0007 does for patient_counts: one aggregated
-- upsert per statement from the transition tables, rows taken in key order (no deadlock between writers).
-- An update that changes none of the counted columns nets to zero and writes nothing.
CREATE OR REPLACE FUNCTION patient_demographics_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
