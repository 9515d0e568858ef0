-- The audit log is insert-only: the application cannot edit or delete its rows.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is insert-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
INSERT INTO brands (name) VALUES ('John Deere'), ('Case IH'), ('New Holland'), ('Massey Ferguson'), ('Kubota'), ('Fendt'), ('Claas'), ('Deutz-Fahr'), ('Valtra'), ('McCormick'), ('Landini'), ('Same'), ('Lamborghini'), ('Antonio Carraro'), ('Argo Tractors'), ('AGCO'), ('Challenger'), ('Caterpillar'), ('JCB'), ('Mahindra'), ('Steyr'), ('Versatile'), ('Zetor') ON CONFLICT DO NOTHING;
