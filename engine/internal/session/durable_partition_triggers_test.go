package session

import (
	"context"
	"strings"
	"testing"
)

// TestDurablePartitionTriggers: a partitioned table's cloned row triggers
// (pg_trigger.tgparentid) and inherited CHECK constraints survive a
// reopen; rows routed afterwards fire the clones, a partition created
// afterwards gets both, and a clone still cannot be dropped alone.
func TestDurablePartitionTriggers(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.audit (n serial, msg text);
create function public.audit_row() returns trigger language plpgsql as $$
begin
  insert into public.audit (msg) values (TG_TABLE_NAME || ' ' || TG_OP || ' ' || NEW.id);
  return NEW;
end $$;
create table public.ev (id int, region text check (region <> '')) partition by list (region);
create table public.ev_eu partition of public.ev for values in ('eu');
create trigger ev_audit after insert on public.ev for each row execute function public.audit_row();
`)
	const clones = "select c.tgrelid::regclass || ' ' || (c.tgparentid = p.oid) from pg_trigger c join pg_trigger p on p.tgname = c.tgname and p.tgrelid = 'public.ev'::regclass where c.tgname = 'ev_audit' and c.tgparentid <> 0 order by 1"
	want := "ev_eu true\n"
	if got := queryAll(t, s, clones); got != want {
		t.Fatalf("before reopening: %q", got)
	}
	s = reopen()
	if got := queryAll(t, s, clones); got != want {
		t.Errorf("after reopening: %q, want %q", got, want)
	}
	execAll(t, s, `
create table public.ev_us partition of public.ev for values in ('us');
insert into public.ev values (1, 'eu'), (2, 'us');
`)
	if got := queryAll(t, s, "select msg from public.audit order by n"); got != "ev_eu INSERT 1\nev_us INSERT 2\n" {
		t.Errorf("clones firing after reopening: %q", got)
	}
	if got := queryAll(t, s, clones); got != "ev_eu true\nev_us true\n" {
		t.Errorf("a partition created after reopening: %q", got)
	}
	if got := queryAll(t, s, "select coninhcount from pg_constraint where conrelid = 'public.ev_us'::regclass and contype = 'c'"); got != "1\n" {
		t.Errorf("inherited check of a partition created after reopening: %q", got)
	}
	if _, err := s.Exec(context.Background(), "drop trigger ev_audit on public.ev_eu"); err == nil || !strings.Contains(err.Error(), "2BP01") {
		t.Errorf("dropping a clone after reopening: %v", err)
	}
}
