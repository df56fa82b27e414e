-- The current version, applied after the migrations (decision 046); before it, last in migration 0009.
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
