package studio_test

import (
	"context"
	"testing"
	"time"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
)

func TestZZQ(t *testing.T) {
	e, _ := tinybase.NewEngine()
	s, _ := e.Connect(engine.SessionOptions{})
	ctx := context.Background()
	if _, err := s.Exec(ctx, `create table public.big (id bigint primary key, name text, score int);
insert into public.big select g, 'row ' || g, g % 1000 from generate_series(1, 100000) g;
create index big_score on public.big (score, id);`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`select id, name, score from public.big order by id asc limit 51`,
		`select id, name, score from public.big where (score > 500 or score is null or (score = 500 and id > 1500)) order by score asc nulls last, id asc limit 51`,
		`select id, name, score from public.big where (score > 500 or (score = 500 and id > 1500)) order by score asc, id asc limit 51`,
		`select id, name, score from public.big where (score, id) > (500, 1500) order by score asc, id asc limit 51`,
		`select id, name, score from public.big where score >= 500 and (score > 500 or id > 1500) order by score asc, id asc limit 51`,
		`select id, name, score from public.big order by score asc, id asc limit 51`,
		`select id, name, score from public.big where score = 500 and id > 1500 order by score, id limit 51`,
		`select id, name, score from public.big where score > 500 order by score, id limit 51`,
		`select id, name, score from public.big where score >= 500 order by score desc, id desc limit 51`,
	} {
		t0 := time.Now()
		res, err := s.Exec(ctx, "explain "+q)
		if err != nil {
			t.Logf("%s: %v", q, err)
			continue
		}
		var plan string
		for _, r := range res[0].Rows {
			plan += *r[0] + "\n"
		}
		t1 := time.Now()
		_, err = s.Exec(ctx, q)
		t.Logf("%s\n%s%v (%v)", q, plan, time.Since(t1), t1.Sub(t0))
	}
}
