package types

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// tsParseInputs are texts for the default parser: prose, punctuation,
// numbers of every kind, versions, e-mail addresses, URLs, paths, tags
// and entities, hyphenated words mixing letters and digits, non-ASCII
// words, and random mixtures of their pieces.
func tsParseInputs(rnd *rand.Rand, n int) []string {
	out := []string{
		"", " ", "The quick brown fox jumped over the lazy dog.", "a   b", "a - b", "foo-bar", "foo-bar-baz",
		"1.2.3", "-1.5e3", "abc123", "http://a.b.com:80/x/y?z=1", "<b>x</b>", "&amp;", "me@x.org", "/usr/a.txt",
		"12-ab", "café", "naïve-x", "don't", "a_b", "1-2", "foo.bar", "a.b", "a.bc/d", "x.com/a", "www.x.com/a/b.html?q=1&r=2#f",
		"<a href=\"x\">", "<br/>", "< a>", "&#123;", "&#x1F;", "&foo", "a--b", "a-", "-a", "--5", "5-", "a.", "a.b.", "1.", "1..2",
		"+1", "+a", "1,5", "éa1", "a1é", "é-a", "a-é", "a-1", "a1-b", "1a-b", "a-b1", "a-1b", "a@b.com", "a_b@c.com", "a-b@c.com",
		"@a.com", "a@b", "https://user@a.com", "mailto:a@b.com", "a.b.c/d/e", "/a/b/c", "/a", "/", "a/b/", "~/x", "a.b/c.d", "1.2/3",
		"a.com:80/x", "foo://x.com", "x://y", "a.com/", "a.com/~u/x_y-z.html", "a.com/a b", "a.com/%20", "1.2.com", "1.2.3a",
		"-1.2.3", "1.2e5", "1.2.3e5", "1e", "1e+5", "1e-5", "-1e5", "+1.5", "1.5e5x", ".5e5", "0x1F", "007", "1e5x",
		"PostgreSQL 15.2 was released on 2023-02-09; see https://www.postgresql.org/docs/15/release-15-2.html for details.",
		"Contact support@example.co.uk or visit example.co.uk/help?topic=billing&lang=en.",
		"<p class=\"intro\">Hello &amp; welcome, <em>friends</em>!</p>",
		"State-of-the-art AI-driven x86-64 systems, e.g. Wi-Fi 6E, run at 3.5GHz (±0.1).",
		"It's the user's file: /home/user/notes.txt or C:\\Users\\me\\doc.txt",
		"Über café résumé naïve coöperate — «quotes» and “curly” ones…",
		"version v2.0.1-beta+build.5 and 10.0.0.1:8080/admin",
		"snake_case_names and kebab-case-names and camelCase123",
		"prices: $5, €10.50, -3.25e-4, 1,000,000 and 99.9%",
	}
	pieces := []string{"a", "ab", "foo", "Bar", "x1", "1x", "é", "über", "naïve", "123", "0", "42", "3.14", "1.2.3",
		"-", "--", ".", "..", "/", "_", "@", "&", ";", ":", "://", "<", ">", "'", "\"", "~", "+", "#", "?", "=", "%", ",", "!",
		" ", " ", "  ", "\t", "\n", "com", "org", ".com", "www.", "http", "e5", "e", "amp", "&amp;", "<b>", "</p>", "#39",
		"x", "-1", "+2", "é-", "a-", "-b", "2-", ".txt", "/usr", "a.b", "x.org/", "user@", "(", ")", "[", "]", "ß", "ж", "中",
		"<a href=\"x.html\">", "<img src='a.png' alt=\"a > b\"/>", "<!-- c -->", "<?xml version=\"1.0\"?>", "<!DOCTYPE html>",
		"&lt;", "&#169;", "&#xA9;", "&nbsp", "&1;", ":80", ":8080/", "?q=1", "&r=2", "#frag", "https://", "ftp://",
		"mailto:", "x.y", "-z", "_z", "1e10", "E-3", "0.5", "v1", "2.0", "-42.0", "+0.1e-2", "ab-cd", "x-1y", "1y-x",
		"'s", "O'Neil", "co-op", "self-", "e-mail", "é1", "1é", "Ωmega", "日本語", "ğ", "İ", "ﬁ", "\\", "|", "{", "}", "^", "*", "$", "€",
		"..", "./", "../", "~/", "/.", "/..", "a_", "_1", "-_", "._", "@@", "%20", "www.example.com", "example.co.uk", "a@b.c"}
	for len(out) < n {
		var b strings.Builder
		for k := 1 + rnd.Intn(7); k > 0; k-- {
			b.WriteString(pieces[rnd.Intn(len(pieces))])
		}
		out = append(out, b.String())
	}
	return out
}

func formatTSTokens(ts []TSToken) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%d:%q ", t.Type, t.Text)
	}
	return b.String()
}

// TestTSParseAgainstPostgres compares TSParse with ts_parse('default')
// of PostgreSQL 15 on TINYBASE_PG_URL over thousands of inputs. It is
// skipped without a server.
func TestTSParseAgainstPostgres(t *testing.T) {
	ctx := context.Background()
	conn := oracleConn(t)
	inputs := tsParseInputs(rand.New(rand.NewSource(17)), 30000)
	rows, err := conn.Query(ctx, `SELECT i, coalesce((SELECT array_agg(tokid::text || ':' || token ORDER BY o)
		FROM ts_parse('default', s) WITH ORDINALITY AS p(tokid, token, o)), '{}')
		FROM unnest($1::text[]) WITH ORDINALITY AS u(s, i)`, inputs)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	bad := 0
	for rows.Next() {
		var i int
		var toks []string
		if err := rows.Scan(&i, &toks); err != nil {
			t.Fatal(err)
		}
		var want []TSToken
		for _, s := range toks {
			var ty int
			k := strings.IndexByte(s, ':')
			fmt.Sscan(s[:k], &ty)
			want = append(want, TSToken{Type: ty, Text: s[k+1:]})
		}
		got, exp := formatTSTokens(TSParse(inputs[i-1])), formatTSTokens(want)
		if got != exp {
			bad++
			if bad <= 60 {
				t.Errorf("%q:\n  PostgreSQL %s\n  tinybase   %s", inputs[i-1], exp, got)
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d of %d inputs differ", bad, len(inputs))
}
