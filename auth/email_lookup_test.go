package auth

import "testing"

// TestSignInEmailCase signs in users whose stored emails GoTrue would
// have lower-cased (found through the (instance_id, email) index) and
// users written by SQL with mixed case or without an instance id (found
// by GoTrue's lower(email) condition), with the address typed in any
// case; and checks the audience and SSO conditions on both paths.
func TestSignInEmailCase(t *testing.T) {
	h := newHarness(t, nil)
	h.signup("ann@example.com", "secret123", nil)
	h.signup("Bob@Example.com", "secret123", nil) // stored lower-cased
	// rows as a seed file would write them
	h.mustSQL(`insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
 values ('11111111-1111-1111-1111-111111111111', 'authenticated', 'authenticated', 'Cy@Example.COM',
 extensions.crypt('secret123', extensions.gen_salt('bf', 4)), now(), now(), now())`)
	h.mustSQL(`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at, is_sso_user)
 values ('00000000-0000-0000-0000-000000000000', '22222222-2222-2222-2222-222222222222', 'authenticated', 'authenticated', 'sso@example.com',
 extensions.crypt('secret123', extensions.gen_salt('bf', 4)), now(), now(), now(), true)`)
	h.mustSQL(`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
 values ('00000000-0000-0000-0000-000000000000', '33333333-3333-3333-3333-333333333333', 'other', 'authenticated', 'dee@example.com',
 extensions.crypt('secret123', extensions.gen_salt('bf', 4)), now(), now(), now())`)
	for _, c := range []struct {
		email string
		want  int
	}{
		{"ann@example.com", 200},
		{"ANN@example.com", 200},
		{"bob@example.com", 200},
		{"BOB@EXAMPLE.COM", 200},
		{"cy@example.com", 200},
		{"CY@EXAMPLE.com", 200},
		{"sso@example.com", 400}, // SSO users do not sign in with a password
		{"dee@example.com", 400}, // another audience
		{"nobody@example.com", 400},
	} {
		for i := 0; i < 2; i++ {
			r := h.do("POST", "/token?grant_type=password", map[string]any{"email": c.email, "password": "secret123"})
			if r.Status != c.want {
				t.Errorf("%s: %d %s, want %d", c.email, r.Status, r.Body, c.want)
			}
			if c.want == 200 {
				if got := r.json(t)["user"].(map[string]any)["email"]; got == nil {
					t.Errorf("%s: no user email in %s", c.email, r.Body)
				}
			}
		}
	}
}
