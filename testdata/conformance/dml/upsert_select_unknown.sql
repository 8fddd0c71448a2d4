-- INSERT ... SELECT ... ON CONFLICT casts the query's literals to the target columns' types as a plain INSERT ... SELECT does
CREATE TYPE app_role AS ENUM ('admin', 'moderator');
CREATE TABLE role_permissions (role app_role NOT NULL, permission text NOT NULL, granted_at date, PRIMARY KEY (role, permission));
INSERT INTO role_permissions (role, permission) SELECT 'admin', p FROM unnest(ARRAY['network.read', 'network.update']) AS p ON CONFLICT DO NOTHING;
INSERT INTO role_permissions (role, permission, granted_at) SELECT 'admin', p, '2024-01-02' FROM unnest(ARRAY['network.read', 'funding.read']) AS p ON CONFLICT (role, permission) DO UPDATE SET granted_at = EXCLUDED.granted_at;
SELECT role, permission, granted_at FROM role_permissions ORDER BY 1, 2;
INSERT INTO role_permissions (role, permission) SELECT 'owner', 'x' ON CONFLICT DO NOTHING;
INSERT INTO role_permissions (role, permission) SELECT 'moderator', 'y' UNION ALL SELECT 'admin', 'z' ON CONFLICT DO NOTHING;
INSERT INTO role_permissions (role, permission) SELECT 'moderator'::text, 'y' ON CONFLICT DO NOTHING;
