package session

import (
	"context"
	"testing"
)

// TestDurableTextSearchConfig: user text search configurations and
// dictionaries (and unaccent's) are catalog state: after reopening, the
// configuration still maps words through unaccent and its own
// dictionary, its index still finds rows, and DROP still sees the
// index depending on it.
func TestDurableTextSearchConfig(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create extension unaccent;
create text search dictionary public.english_nostop (template = snowball, language = english);
create text search configuration public.english_unaccent (copy = english);
alter text search configuration public.english_unaccent alter mapping for hword, hword_part, word with unaccent, english_stem;
alter text search configuration public.english_unaccent alter mapping for asciiword with english_nostop;
comment on text search configuration public.english_unaccent is 'unaccented english';
create table public.posts (id int primary key, title text);
create index posts_fts on public.posts using gin (to_tsvector('public.english_unaccent', title));
insert into public.posts values (1, 'Crème brûlée for the table');
`)
	const q = "select to_tsvector('english_unaccent', title)::text from public.posts " +
		"union all select count(*)::text from pg_ts_config_map m join pg_ts_config c on c.oid = m.mapcfg where c.cfgname = 'english_unaccent' " +
		"union all select id::text from public.posts where to_tsvector('public.english_unaccent', title) @@ websearch_to_tsquery('english_unaccent', 'creme') order by 1"
	want := "'brule':2 'creme':1 'for':3 'tabl':5 'the':4\n1\n22\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	if _, err := s.Exec(context.Background(), "drop text search configuration public.english_unaccent"); err == nil {
		t.Error("DROP of a configuration an index uses succeeded after reopening")
	}
	execAll(t, s, "drop index public.posts_fts; drop text search configuration public.english_unaccent; drop extension unaccent")
	s = reopen()
	if got := queryAll(t, s, "select count(*) from pg_ts_dict where dictname in ('unaccent', 'english_nostop')"); got != "1\n" {
		t.Errorf("dictionaries after dropping: %s", got)
	}
}
