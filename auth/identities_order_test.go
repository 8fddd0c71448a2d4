package auth

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIdentitiesOrder: identities are listed as ORDER BY created_at, id
// lists them (sorted in Go since the statement has no ORDER BY): by time,
// NULLs last, ties by id.
func TestIdentitiesOrder(t *testing.T) {
	h := newHarness(t, nil)
	uid := h.signup("order@example.com", "secret123", nil)["user"].(map[string]any)["id"].(string)
	for _, r := range []struct{ id, at string }{
		{"ffffffff-0000-0000-0000-000000000001", "2020-01-01 00:00:00+00"},
		{"00000000-0000-0000-0000-000000000002", "2020-01-01 00:00:00+00"},
		{"0000000a-0000-0000-0000-000000000003", "null"},
		{"00000000-0000-0000-0000-000000000004", "null"},
		{"00000000-0000-0000-0000-000000000005", "2019-06-01 12:00:00.5+00"},
		{"00000000-0000-0000-0000-000000000006", "2030-01-01 00:00:00+00"},
	} {
		at := "'" + r.at + "'::timestamptz"
		if r.at == "null" {
			at = "null"
		}
		h.mustSQL(`insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
 values ($1::uuid, $1, $2::uuid, '{}', 'other', `+at+`, now())`, r.id, uid)
	}
	var want []string
	for _, r := range h.mustSQL(`select id from auth.identities where user_id = $1::uuid order by created_at, id`, uid) {
		want = append(want, *r[0])
	}
	conn, err := h.s.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer h.s.db.Release(conn, true)
	ids, err := (&txn{ctx: context.Background(), c: conn}).identities(uid)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, id := range ids {
		got = append(got, strings.ToLower(id.ID))
	}
	if len(want) != 7 {
		t.Fatalf("want 7 identities (sign-up's and 6 more), got %v", want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("identities order (-ORDER BY +got):\n%s", diff)
	}
}
