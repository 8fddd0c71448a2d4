-- a foreign key dropped and added again under the same name over other
-- columns, as db diff writes a changed key
CREATE TABLE fr_addresses (org int NOT NULL, address text PRIMARY KEY);
CREATE TABLE fr_convs (id int PRIMARY KEY, org int, addr text);
ALTER TABLE fr_convs ADD CONSTRAINT fr_convs_addr_fkey FOREIGN KEY (addr) REFERENCES fr_addresses(address) NOT VALID;
ALTER TABLE fr_convs VALIDATE CONSTRAINT fr_convs_addr_fkey;
ALTER TABLE fr_convs DROP CONSTRAINT fr_convs_addr_fkey;
ALTER TABLE fr_convs ADD CONSTRAINT fr_convs_addr_fkey FOREIGN KEY (addr) REFERENCES fr_addresses(address) ON DELETE SET NULL;
ALTER TABLE fr_convs DROP CONSTRAINT fr_convs_addr_fkey;
ALTER TABLE fr_addresses DROP CONSTRAINT fr_addresses_pkey;
CREATE UNIQUE INDEX fr_addresses_pkey ON fr_addresses (org, address);
ALTER TABLE fr_addresses ADD CONSTRAINT fr_addresses_pkey PRIMARY KEY USING INDEX fr_addresses_pkey;
ALTER TABLE fr_convs ADD CONSTRAINT fr_convs_addr_fkey FOREIGN KEY (org, addr) REFERENCES fr_addresses(org, address) NOT VALID;
ALTER TABLE fr_convs VALIDATE CONSTRAINT fr_convs_addr_fkey;
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'fr_convs'::regclass ORDER BY conname;
INSERT INTO fr_addresses VALUES (1, 'a');
INSERT INTO fr_convs VALUES (1, 1, 'a');
INSERT INTO fr_convs VALUES (2, 2, 'a');
DELETE FROM fr_addresses;
SELECT indexname FROM pg_indexes WHERE tablename = 'fr_convs' ORDER BY indexname;
