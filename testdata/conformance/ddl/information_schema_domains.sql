-- information_schema.domains and domain_constraints: each domain with its
-- base type described as a column's, its default as pg_type.typdefault,
-- and its CHECK constraints (ORMs and schema tools read them: Prisma's
-- introspection, postgres-meta).

CREATE DOMAIN pos AS int DEFAULT 1 + 1 CHECK (VALUE > 0);
CREATE DOMAIN code AS varchar(10) NOT NULL CONSTRAINT code_upper CHECK (VALUE = upper(VALUE)) CHECK (length(VALUE) > 1);
CREATE DOMAIN price AS numeric(10, 2) DEFAULT 0;
CREATE DOMAIN label AS text DEFAULT 'none';
CREATE DOMAIN small_pos AS pos CHECK (VALUE < 100);
CREATE DOMAIN stamp AS timestamptz(3);
CREATE DOMAIN tags AS text[];
CREATE SCHEMA s;
CREATE DOMAIN s.flag AS boolean DEFAULT false;
SELECT domain_schema, domain_name, data_type, character_maximum_length, character_octet_length, character_set_schema, character_set_name, collation_schema, collation_name, numeric_precision, numeric_precision_radix, numeric_scale, datetime_precision, interval_type, interval_precision, domain_default, udt_schema, udt_name, scope_catalog, scope_schema, scope_name, maximum_cardinality, dtd_identifier, udt_catalog = current_database() AS udt_here, domain_catalog = current_database() AS here FROM information_schema.domains WHERE domain_schema IN ('public', 's') ORDER BY domain_schema, domain_name;
SELECT constraint_schema, constraint_name, domain_schema, domain_name, is_deferrable, initially_deferred, constraint_catalog = current_database() AS here FROM information_schema.domain_constraints WHERE domain_schema IN ('public', 's') ORDER BY domain_name, constraint_name;
SELECT domain_name, data_type, domain_default FROM information_schema.domains WHERE domain_name = 'pos';
ALTER DOMAIN label ADD CONSTRAINT label_len CHECK (length(VALUE) < 50);
SELECT constraint_name, domain_name FROM information_schema.domain_constraints WHERE domain_name = 'label';
