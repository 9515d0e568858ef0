-- FieldLot on PostgreSQL with two roles (deploy/database-roles.md): the owner owns the tables and runs the
-- migrations (DATABASE_OWNER_URL); the app (DATABASE_URL) reads and writes rows and nothing else, so it cannot drop
-- or disable the triggers that keep records, nor TRUNCATE (decision 0066). Safe to run again.
--
-- As a superuser:   psql -v ON_ERROR_STOP=1 -f deploy/postgres-roles.sql postgres://postgres@db.example.com/postgres
-- Other names:      -v owner=fieldlot_owner -v app=fieldlot_app -v database=fieldlot (the defaults). An existing
--                   database whose tables its one role owns: name that role the owner and a new role the app.
-- Then passwords:   \password fieldlot_owner and \password fieldlot_app
\if :{?owner}
\else
  \set owner fieldlot_owner
\endif
\if :{?app}
\else
  \set app fieldlot_app
\endif
\if :{?database}
\else
  \set database fieldlot
\endif

SELECT format('CREATE ROLE %I LOGIN', :'owner') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'owner')
\gexec
SELECT format('CREATE ROLE %I LOGIN', :'app') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app')
\gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'database', :'owner')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database')
\gexec
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"app";

\connect :"database"
-- Only the owner creates objects (the pg_trgm extension too, in the first migration).
ALTER SCHEMA public OWNER TO :"owner";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";
-- Rows, not tables: what the owner's migrations create from now on...
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app";
-- ...and what exists already.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
