package workers

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// installed returns an engine with the named extensions created (pg_net
// is there already, as `supabase start` installs it).
func installed(t *testing.T, names ...string) *engine.Engine {
	t.Helper()
	var creates []string
	for _, n := range names {
		creates = append(creates, "create extension if not exists "+n)
	}
	return enginetest.Migrated(t, creates...)
}

func query(t *testing.T, s *engine.Session, sql string) string {
	t.Helper()
	res := enginetest.Exec(t, s, sql)
	var lines []string
	for _, r := range res[len(res)-1].Rows {
		var cols []string
		for _, v := range r {
			if v == nil {
				cols = append(cols, "<null>")
			} else {
				cols = append(cols, *v)
			}
		}
		lines = append(lines, strings.Join(cols, "|"))
	}
	return strings.Join(lines, "\n")
}

// TestNetWorker performs queued requests against a loopback server and
// checks the responses, a timeout and a refused external host.
func TestNetWorker(t *testing.T) {
	var gotBody, gotAuth, gotQuery string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
			return
		}
		b, _ := io.ReadAll(r.Body)
		if r.URL.Path == "/p" {
			gotBody, gotAuth, gotQuery = string(b), r.Header.Get("Authorization"), r.URL.RawQuery
		}
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(201)
		io.WriteString(w, r.Method+" ok")
	}))
	defer srv.Close()
	e := installed(t, "pg_net")
	s := enginetest.Session(t, e)
	enginetest.Exec(t, s, `select net.http_post('`+srv.URL+`/p', '{"a":1}', '{"q":"x y"}', '{"Authorization":"Bearer t"}');
		select net.http_get('`+srv.URL+`/slow', timeout_milliseconds := 100);
		select net.http_get('http://192.0.2.1/x');
		select net.http_delete('`+srv.URL+`/d');
		select net.http_get('ftp://127.0.0.1/x');
		select net.http_get('not a url')`)
	w := &Net{Engine: e}
	if n := w.Drain(context.Background(), nil); n != 6 {
		t.Fatalf("drained %d requests, want 6", n)
	}
	if gotBody != `{"a": 1}` || gotAuth != "Bearer t" {
		t.Errorf("server saw body %q, authorization %q", gotBody, gotAuth)
	}
	if gotQuery != "q=x%20y" {
		t.Errorf("server saw query %q", gotQuery)
	}
	got := query(t, s, `select id, status_code, content_type, content, timed_out, error_msg is not null from net._http_response order by id`)
	want := "1|201|text/plain|POST ok|f|f\n2|<null>|<null>|<null>|t|t\n3|<null>|<null>|<null>|f|t\n4|201|text/plain|DELETE ok|f|f\n" +
		"5|<null>|<null>|<null>|f|t\n6|<null>|<null>|<null>|f|t"
	if got != want {
		t.Errorf("responses:\n got: %s\nwant: %s", got, want)
	}
	if msg := query(t, s, `select error_msg from net._http_response where id = 3`); !strings.Contains(msg, "refused") {
		t.Errorf("external host: %q", msg)
	}
	if msg := query(t, s, `select error_msg from net._http_response where id in (5, 6) order by id`); msg != "Unsupported protocol\nURL using bad/illegal format or missing URL" {
		t.Errorf("bad URLs: %q", msg)
	}
	if n := query(t, s, `select count(*) from net.http_request_queue`); n != "0" {
		t.Errorf("queue left %s requests", n)
	}
	if r := query(t, s, `select (net._http_collect_response(1)).status`); r != "SUCCESS" {
		t.Errorf("collect: %s", r)
	}
}

// TestNetWorkerWithoutExtension: no pg_net, nothing to do, no error.
func TestNetWorkerWithoutExtension(t *testing.T) {
	w := &Net{Engine: enginetest.New(t)}
	if n := w.Drain(context.Background(), nil); n != 0 {
		t.Fatalf("drained %d", n)
	}
}

// TestCronRuns runs due jobs and checks job_run_details.
func TestCronRuns(t *testing.T) {
	e := installed(t, "pg_cron")
	s := enginetest.Session(t, e)
	enginetest.Exec(t, s, `create table ticks (n int);
		select cron.schedule('every-minute', '* * * * *', 'insert into ticks values (1)');
		select cron.schedule('seconds', '5 seconds', 'insert into ticks values (2)');
		select cron.schedule('never-now', '0 0 1 1 *', 'insert into ticks values (3)');
		select cron.schedule('broken', '* * * * *', 'select * from missing_table')`)
	now := time.Date(2026, 3, 4, 10, 30, 15, 0, time.UTC)
	c := &Cron{Engine: e, Now: func() time.Time { return now }}
	c.Tick(context.Background())
	c.wg.Wait()
	c.Tick(context.Background()) // same minute, same second: nothing new
	c.wg.Wait()
	now = now.Add(6 * time.Second)
	c.Tick(context.Background()) // the seconds job again, the minute job not
	c.wg.Wait()
	if got := query(t, s, `select n, count(*) from ticks group by n order by n`); got != "1|1\n2|2" {
		t.Errorf("ticks: %s", got)
	}
	got := query(t, s, `select j.jobname, d.status, d.return_message, d.end_time >= d.start_time
		from cron.job_run_details d join cron.job j using (jobid) order by d.jobid, d.runid`)
	want := "every-minute|succeeded|INSERT 0 1|t\nseconds|succeeded|INSERT 0 1|t\nseconds|succeeded|INSERT 0 1|t\nbroken|failed|ERROR:  relation \"missing_table\" does not exist|t"
	if got != want {
		t.Errorf("run details:\n got: %s\nwant: %s", got, want)
	}
}

// TestParseSchedule checks the Go parser agrees with pg_cron's grammar
// (the same cases as the SQL validator's test) and matching.
func TestParseSchedule(t *testing.T) {
	valid := map[string]bool{
		"* * * * *": true, "*/5 * * * *": true, "0 0 * * 1-5": true, "0 0 1 jan,JUL sun": true,
		"30 9 $ * *": true, "0-59/15 0-23/2 1-31 1-12 0-7": true, "*5 * * * *": true, "5; * * * * x": true,
		"@hourly": true, "@daily": true, "@reboot": true, "1 second": true, "10 seconds": true, " 59 SECONDS ": true,
		"5-64/30 * * * *": false, "1/20 * * * *": false, "* * * *": false, "@foo": false, "@HOURLY": false,
		"60 seconds": false, "0 seconds": false, "0 0 1 13 *": false, "0 24 * * *": false, "1-5/0 * * * *": false,
		"a b c d e": false, "": false, "10secondss": false, "0 0 0 * *": false, "* * * * 8": false, "1, * * * *": false,
		"99999999999999999999 * * * *": false, "*/60 * * * *": false, "0 0 $x * *": false,
	}
	for spec, ok := range valid {
		_, err := ParseSchedule(spec)
		if (err == nil) != ok {
			t.Errorf("%q: err %v, want valid=%v", spec, err, ok)
		}
	}
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	for _, c := range []struct {
		spec string
		t    string
		want bool
	}{
		{"*/15 * * * *", "2026-03-04T10:30:00Z", true},
		{"*/15 * * * *", "2026-03-04T10:31:00Z", false},
		{"0 3 * * *", "2026-03-04T03:00:59Z", true},
		{"30 9 $ * *", "2026-02-28T09:30:00Z", true},
		{"30 9 $ * *", "2026-03-28T09:30:00Z", false},
		{"0 0 1 * mon", "2026-03-02T00:00:00Z", true}, // a Monday: either day field
		{"0 0 * * 7", "2026-03-01T00:00:00Z", true},   // a Sunday
		{"@hourly", "2026-03-01T05:00:00Z", true},
	} {
		s, err := ParseSchedule(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Matches(at(c.t)); got != c.want {
			t.Errorf("%s at %s: %v", c.spec, c.t, got)
		}
	}
}
