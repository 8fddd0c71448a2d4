package migrations_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var generateFlag = flag.Bool("generate", false, "regenerate testdata/projects/realistic{25,100}")

// TestGenerateRealistic writes two sample projects of the shape agents
// produce for a multi-tenant SaaS app — tables with identity/uuid keys and
// foreign keys, enums, indexes, views, renames, backfills, constraints —
// one with 100 migrations and one with its first 25, each with a seed.
// They are the benchmark projects for `migration new` and `start`.
func TestGenerateRealistic(t *testing.T) {
	if !*generateFlag {
		t.Skip("run with -generate to rewrite the sample projects")
	}
	files := realisticMigrations()
	if len(files) != 100 {
		t.Fatalf("generated %d migrations, want 100", len(files))
	}
	for _, p := range []struct {
		dir string
		n   int
	}{{"../testdata/projects/realistic100", 100}, {"../testdata/projects/realistic25", 25}} {
		dir := filepath.Join(p.dir, "supabase", "migrations")
		if err := os.RemoveAll(p.dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files[:p.n] {
			if err := os.WriteFile(filepath.Join(dir, f[0]), []byte(f[1]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(p.dir, "supabase", "seed.sql"), []byte(realisticSeed(p.n)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p.dir, "supabase", "config.toml"), []byte("project_id = \"realistic\"\n\n[api]\nport = 54321\nschemas = [\"public\", \"graphql_public\"]\nmax_rows = 1000\n\n[db]\nport = 54322\n\n[auth]\njwt_expiry = 3600\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type genTable struct {
	name, parent string
	cols         []string
}

var genTables = []genTable{
	{"organizations", "", []string{"name text not null", "slug text not null unique", "plan text not null default 'free'"}},
	{"profiles", "", []string{"username text unique", "full_name text", "avatar_url text", "website text"}},
	{"memberships", "organizations", []string{"profile_id bigint not null references public.profiles (id) on delete cascade", "role text not null default 'member'"}},
	{"projects", "organizations", []string{"name text not null", "description text", "archived boolean not null default false"}},
	{"tasks", "projects", []string{"title text not null", "body text", "due_at timestamptz", "priority integer not null default 0"}},
	{"task_comments", "tasks", []string{"author_id bigint references public.profiles (id) on delete set null", "body text not null"}},
	{"labels", "organizations", []string{"name text not null", "color text not null default '#cccccc'"}},
	{"task_labels", "tasks", []string{"label_id bigint not null references public.labels (id) on delete cascade"}},
	{"attachments", "tasks", []string{"path text not null", "size_bytes bigint not null default 0", "mime_type text"}},
	{"invitations", "organizations", []string{"email text not null", "token uuid not null default gen_random_uuid()", "accepted_at timestamptz"}},
	{"notifications", "profiles", []string{"kind text not null", "payload jsonb not null default '{}'::jsonb", "read_at timestamptz"}},
	{"audit_log", "organizations", []string{"actor_id bigint", "action text not null", "target text", "meta jsonb"}},
	{"billing_customers", "organizations", []string{"stripe_customer_id text unique", "email text"}},
	{"subscriptions", "billing_customers", []string{"stripe_subscription_id text unique", "current_period_end timestamptz"}},
	{"invoices", "billing_customers", []string{"number text not null", "amount_cents bigint not null default 0", "currency text not null default 'usd'"}},
	{"invoice_items", "invoices", []string{"description text not null", "quantity integer not null default 1", "unit_cents bigint not null"}},
	{"api_keys", "organizations", []string{"name text not null", "prefix text not null", "hashed_key text not null", "last_used_at timestamptz"}},
	{"webhooks", "organizations", []string{"url text not null", "secret text not null", "events text[] not null default '{}'"}},
	{"webhook_deliveries", "webhooks", []string{"status_code integer", "response_body text", "delivered_at timestamptz"}},
	{"feature_flags", "", []string{"key text not null unique", "enabled boolean not null default false", "rollout numeric(5,2) not null default 0"}},
}

// realisticMigrations returns (file name, SQL) pairs in version order.
func realisticMigrations() [][2]string {
	var out [][2]string
	ts := time.Date(2024, 1, 15, 9, 0, 0, 0, time.UTC)
	add := func(name, sql string) {
		out = append(out, [2]string{ts.Format("20060102150405") + "_" + name + ".sql", sql})
		ts = ts.Add(26*time.Hour + 17*time.Minute)
	}
	fk := func(parent string) string { return strings.TrimSuffix(strings.TrimSuffix(parent, "s"), "_log") + "_id" }
	// 20: tables
	for _, tb := range genTables {
		var b strings.Builder
		fmt.Fprintf(&b, "-- %s\ncreate table public.%s (\n  id bigint generated by default as identity primary key,\n", strings.ReplaceAll(tb.name, "_", " "), tb.name)
		if tb.parent != "" {
			fmt.Fprintf(&b, "  %s bigint not null references public.%s (id) on delete cascade,\n", fk(tb.parent), tb.parent)
		}
		for _, c := range tb.cols {
			fmt.Fprintf(&b, "  %s,\n", c)
		}
		b.WriteString("  created_at timestamptz not null default now(),\n  updated_at timestamptz not null default now()\n);\n")
		fmt.Fprintf(&b, "\ncomment on table public.%s is '%s of the workspace';\n", tb.name, strings.ReplaceAll(tb.name, "_", " "))
		add("create_"+tb.name, b.String())
	}
	// 16: indexes on foreign keys
	for _, tb := range genTables {
		if tb.parent == "" {
			continue
		}
		add("index_"+tb.name+"_"+fk(tb.parent), fmt.Sprintf("create index %s_%s_idx on public.%s (%s);\n", tb.name, fk(tb.parent), tb.name, fk(tb.parent)))
	}
	// 5: enums and columns using them
	enums := []struct{ typ, table, col, vals, def string }{
		{"task_status", "tasks", "status", "'todo', 'in_progress', 'done', 'cancelled'", "todo"},
		{"member_role", "memberships", "member_role", "'owner', 'admin', 'member', 'viewer'", "member"},
		{"invoice_status", "invoices", "status", "'draft', 'open', 'paid', 'void'", "draft"},
		{"delivery_state", "webhook_deliveries", "state", "'pending', 'succeeded', 'failed'", "pending"},
		{"notification_channel", "notifications", "channel", "'email', 'push', 'in_app'", "in_app"},
	}
	for _, e := range enums {
		add("add_"+e.typ, fmt.Sprintf("create type public.%s as enum (%s);\n\nalter table public.%s\n  add column %s public.%s not null default '%s';\n", e.typ, e.vals, e.table, e.col, e.typ, e.def))
	}
	// 20: new columns, some with backfills
	extra := []struct{ table, col string }{
		{"profiles", "bio text"}, {"profiles", "timezone text not null default 'UTC'"}, {"organizations", "billing_email text"},
		{"projects", "color text"}, {"tasks", "estimate_minutes integer"}, {"tasks", "completed_at timestamptz"},
		{"task_comments", "edited_at timestamptz"}, {"labels", "description text"}, {"attachments", "checksum text"},
		{"invitations", "invited_by bigint references public.profiles (id)"}, {"notifications", "archived boolean not null default false"},
		{"audit_log", "ip_address text"}, {"billing_customers", "country text"}, {"subscriptions", "cancel_at timestamptz"},
		{"invoices", "due_at timestamptz"}, {"invoice_items", "tax_cents bigint not null default 0"}, {"api_keys", "revoked_at timestamptz"},
		{"webhooks", "active boolean not null default true"}, {"webhook_deliveries", "attempt integer not null default 1"}, {"feature_flags", "description text"},
	}
	for _, x := range extra {
		col := strings.Fields(x.col)[0]
		add("add_"+x.table+"_"+col, fmt.Sprintf("alter table public.%s add column %s;\n", x.table, x.col))
	}
	// 8: check constraints
	checks := []struct{ table, name, expr string }{
		{"organizations", "organizations_slug_format", "slug ~ '^[a-z0-9-]+$'"}, {"tasks", "tasks_priority_range", "priority between 0 and 5"},
		{"invoice_items", "invoice_items_quantity_positive", "quantity > 0"}, {"invoices", "invoices_amount_nonnegative", "amount_cents >= 0"},
		{"attachments", "attachments_size_nonnegative", "size_bytes >= 0"}, {"feature_flags", "feature_flags_rollout_range", "rollout between 0 and 100"},
		{"labels", "labels_color_hex", "color ~ '^#[0-9a-fA-F]{6}$'"}, {"webhooks", "webhooks_url_https", "url like 'https://%'"},
	}
	for _, c := range checks {
		add("check_"+c.name, fmt.Sprintf("alter table public.%s\n  add constraint %s check (%s);\n", c.table, c.name, c.expr))
	}
	// 8: views
	views := []struct{ name, sql string }{
		{"open_tasks", "select t.id, t.title, t.project_id, t.due_at, t.priority\nfrom public.tasks t\nwhere t.status in ('todo', 'in_progress')"},
		{"project_task_counts", "select p.id as project_id, p.name, count(t.id) as task_count\nfrom public.projects p\nleft join public.tasks t on t.project_id = p.id\ngroup by p.id, p.name"},
		{"organization_members", "select m.organization_id, m.profile_id, pr.username, m.member_role\nfrom public.memberships m\njoin public.profiles pr on pr.id = m.profile_id"},
		{"unpaid_invoices", "select i.id, i.number, i.amount_cents, i.currency, i.due_at\nfrom public.invoices i\nwhere i.status = 'open'"},
		{"invoice_totals", "select ii.invoice_id, sum(ii.quantity * ii.unit_cents + ii.tax_cents) as total_cents\nfrom public.invoice_items ii\ngroup by ii.invoice_id"},
		{"unread_notifications", "select n.id, n.profile_id, n.kind, n.created_at\nfrom public.notifications n\nwhere n.read_at is null and not n.archived"},
		{"failed_deliveries", "select d.id, d.webhook_id, d.status_code, d.attempt\nfrom public.webhook_deliveries d\nwhere d.state = 'failed'"},
		{"active_api_keys", "select k.id, k.organization_id, k.name, k.prefix, k.last_used_at\nfrom public.api_keys k\nwhere k.revoked_at is null"},
	}
	for _, v := range views {
		add("create_view_"+v.name, fmt.Sprintf("create view public.%s as\n%s;\n", v.name, v.sql))
	}
	// 8: composite and partial indexes
	idx := []string{
		"create index tasks_project_status_idx on public.tasks (project_id, status);",
		"create index tasks_due_at_idx on public.tasks (due_at) where completed_at is null;",
		"create unique index memberships_org_profile_key on public.memberships (organization_id, profile_id);",
		"create unique index task_labels_task_label_key on public.task_labels (task_id, label_id);",
		"create index notifications_profile_unread_idx on public.notifications (profile_id, created_at desc) where read_at is null;",
		"create index audit_log_org_created_idx on public.audit_log (organization_id, created_at desc);",
		"create unique index labels_org_name_key on public.labels (organization_id, lower(name));",
		"create index invitations_email_idx on public.invitations (lower(email));",
	}
	for i, s := range idx {
		add(fmt.Sprintf("add_index_%d", i+1), s+"\n")
	}
	// 5: renames
	renames := []string{
		"alter table public.profiles rename column website to website_url;",
		"alter table public.webhooks rename column secret to signing_secret;",
		"alter table public.attachments rename column path to storage_path;",
		"alter table public.api_keys rename column hashed_key to key_hash;",
		"alter table public.audit_log rename column target to target_ref;",
	}
	for i, s := range renames {
		add(fmt.Sprintf("rename_column_%d", i+1), s+"\n")
	}
	// 5: backfills and data fixes
	fixes := []string{
		"update public.tasks set completed_at = updated_at where status = 'done' and completed_at is null;",
		"update public.organizations set billing_email = lower(billing_email) where billing_email is not null;",
		"insert into public.feature_flags (key, enabled, rollout, description)\nvalues ('new_editor', false, 0, 'The rich text editor'),\n       ('bulk_actions', true, 100, 'Bulk task actions');",
		"update public.labels set color = lower(color);",
		"delete from public.invitations where accepted_at is null and created_at < now() - interval '90 days';",
	}
	for i, s := range fixes {
		add(fmt.Sprintf("backfill_%d", i+1), s+"\n")
	}
	// 5: not null, defaults, drop
	tail := []string{
		"alter table public.profiles alter column timezone set default 'Etc/UTC';",
		"alter table public.invoices alter column currency set default 'eur';",
		"alter table public.attachments drop column mime_type;",
		"alter table public.projects alter column description type varchar(2000);",
	}
	for i, s := range tail {
		add(fmt.Sprintf("adjust_%d", i+1), s+"\n")
	}
	return out
}

// realisticSeed fills the tables the first n migrations have created.
func realisticSeed(n int) string {
	var b strings.Builder
	b.WriteString("-- sample data for local development\n")
	b.WriteString("insert into public.organizations (name, slug) values ('Acme', 'acme'), ('Globex', 'globex');\n")
	b.WriteString("insert into public.profiles (username, full_name) values ('ada', 'Ada Lovelace'), ('alan', 'Alan Turing'), ('grace', 'Grace Hopper');\n")
	b.WriteString("insert into public.memberships (organization_id, profile_id) values (1, 1), (1, 2), (2, 3);\n")
	b.WriteString("insert into public.projects (organization_id, name) values (1, 'Website'), (1, 'Mobile app'), (2, 'Billing');\n")
	b.WriteString("insert into public.tasks (project_id, title, priority)\nselect 1 + (g % 3), 'Task ' || g, g % 5 from generate_series(1, 200) as g;\n")
	b.WriteString("insert into public.task_comments (task_id, author_id, body)\nselect 1 + (g % 200), 1 + (g % 3), 'Comment ' || g from generate_series(1, 400) as g;\n")
	b.WriteString("insert into public.labels (organization_id, name) values (1, 'bug'), (1, 'feature'), (2, 'urgent');\n")
	_ = n
	return b.String()
}
