package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/pquerna/otp/totp"
)

// hookFn creates public.<name>(jsonb) with body (a plpgsql block) and
// grants it to supabase_auth_admin, as the Supabase docs ask.
func (h *harness) hookFn(name, body string) {
	h.t.Helper()
	h.mustSQL(`create or replace function public.` + name + `(event jsonb) returns jsonb language plpgsql as $$ ` + body + ` $$`)
	h.mustSQL(`grant usage on schema public to supabase_auth_admin`)
	h.mustSQL(`grant execute on function public.` + name + `(jsonb) to supabase_auth_admin`)
}

func pgHook(name string) HookConfig {
	return HookConfig{Enabled: true, URI: "pg-functions://postgres/public/" + name}
}

func TestCustomAccessTokenHook(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Hooks.CustomAccessToken = pgHook("cat") })
	h.hookFn("cat", `begin return event; end;`)
	h.signup("ada@example.com", "password-1", map[string]any{"tier": "gold"})
	login := func() response {
		return h.do("POST", "/token?grant_type=password", map[string]any{"email": "ada@example.com", "password": "password-1"})
	}
	for _, tc := range []struct {
		name   string
		body   string
		status int
		msg    string
	}{
		{"raises", `begin raise exception 'no tokens today'; end;`, 500, "Error running hook URI: pg-functions://postgres/public/cat"},
		{"removes session_id", `begin return jsonb_build_object('claims', (event->'claims') - 'session_id'); end;`,
			500, "output claims do not conform to the expected schema: \n- (root): session_id is required\n"},
		{"wrong claim type", `begin return jsonb_build_object('claims', jsonb_set(event->'claims', '{exp}', '"soon"')); end;`,
			500, "output claims do not conform to the expected schema: \n- exp: Invalid type. Expected: integer, given: string\n"},
		{"no claims field", `begin return '{"other": 1}'::jsonb; end;`, 500, "output claims field is missing"},
		{"claims not an object", `begin return '{"claims": 3}'::jsonb; end;`, 500, "Error unmarshaling JSON output."},
		{"error object", `begin return '{"error": {"http_code": 403, "message": "Access denied by policy"}}'::jsonb; end;`, 403, "Access denied by policy"},
		{"error without code", `begin return '{"error": {"message": "broken"}}'::jsonb; end;`, 500, "broken"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h.hookFn("cat", tc.body)
			r := login()
			m := r.json(t)
			if r.Status != tc.status || m["msg"] != tc.msg {
				t.Fatalf("got %d %q, want %d %q", r.Status, m["msg"], tc.status, tc.msg)
			}
			if m["access_token"] != nil {
				t.Fatal("a session was issued")
			}
		})
	}
	t.Run("adds a claim", func(t *testing.T) {
		h.hookFn("cat", `begin return jsonb_build_object('claims', (event->'claims')
			|| jsonb_build_object('tier', event->'claims'->'user_metadata'->'tier', 'method', event->'authentication_method', 'hook_user', event->'user_id')); end;`)
		r := login()
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		m := r.json(t)
		c := jwtClaims(t, m["access_token"].(string))
		if c["tier"] != "gold" || c["method"] != "password" || c["hook_user"] != c["sub"] || c["session_id"] == nil || c["role"] != "authenticated" {
			t.Fatalf("claims %v", c)
		}
		// The token verifies: /user accepts it.
		if r := h.do("GET", "/user", nil, bearerH(m["access_token"].(string))...); r.Status != 200 {
			t.Fatalf("GET /user with the hook's token: %d %s", r.Status, r.Body)
		}
		// A refresh runs the hook too, told it is a token refresh.
		r = h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": m["refresh_token"]})
		if c := jwtClaims(t, r.json(t)["access_token"].(string)); c["method"] != "token_refresh" || c["tier"] != "gold" {
			t.Fatalf("refreshed claims %v", c)
		}
	})
}

func TestPasswordVerificationAttemptHook(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Hooks.PasswordVerificationAttempt = pgHook("pva") })
	h.signup("ada@example.com", "password-1", nil)
	h.mustSQL(`create table public.attempts (user_id uuid, valid boolean)`)
	h.mustSQL(`grant insert, select on public.attempts to supabase_auth_admin`)
	// Reject after a failed attempt, signing the user out everywhere.
	h.hookFn("pva", `begin
		insert into public.attempts values ((event->>'user_id')::uuid, (event->>'valid')::boolean);
		if (event->>'valid')::boolean then return '{"decision": "continue"}'::jsonb; end if;
		return '{"decision": "reject", "message": "Too many attempts", "should_logout_user": true}'::jsonb; end;`)
	login := func(pw string) response {
		return h.do("POST", "/token?grant_type=password", map[string]any{"email": "ada@example.com", "password": pw})
	}
	if r := login("password-1"); r.Status != 200 {
		t.Fatalf("valid password: %d %s", r.Status, r.Body)
	}
	if n := h.mustSQL(`select count(*) from auth.sessions`)[0][0]; *n == "0" {
		t.Fatal("no session after a good sign-in")
	}
	wantErr(t, login("wrong"), 400, "invalid_credentials", "Too many attempts")
	if n := h.mustSQL(`select count(*) from auth.sessions`)[0][0]; *n != "0" {
		t.Fatalf("should_logout_user left %s sessions", *n)
	}
	rows := h.mustSQL(`select valid::text from public.attempts order by valid desc`)
	if len(rows) != 2 || *rows[0][0] != "true" || *rows[1][0] != "false" {
		t.Fatalf("the hook saw %v", rows)
	}
	// Reject without a message: GoTrue's default.
	h.hookFn("pva", `begin return '{"decision": "reject"}'::jsonb; end;`)
	wantErr(t, login("password-1"), 400, "invalid_credentials", "Further password verification attempts will be rejected.")
}

func TestMFAVerificationAttemptHook(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.MFA.TOTP = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true}
		c.Hooks.MFAVerificationAttempt = pgHook("mva")
	})
	tok := h.signup("mfa@example.com", "password-1", nil)["access_token"].(string)
	en := h.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearerH(tok)...).json(t)
	fid, secret := en["id"].(string), en["totp"].(map[string]any)["secret"].(string)
	cid := h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...).json(t)["id"].(string)
	code, err := totp.GenerateCode(secret, h.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	h.hookFn("mva", `begin if event->>'factor_type' = 'totp' and (event->>'valid')::boolean then
		return '{"decision": "reject"}'::jsonb; end if; return '{"decision": "continue"}'::jsonb; end;`)
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": code}, bearerH(tok)...),
		403, "mfa_verification_rejected", "Further MFA verification attempts will be rejected.")
	if n := h.mustSQL(`select count(*) from auth.sessions`)[0][0]; *n != "0" {
		t.Fatalf("a rejected MFA attempt left %s sessions", *n)
	}
	h.hookFn("mva", `begin return 'not json'; end;`)
	if r := h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": code}, bearerH(tok)...); r.Status < 400 {
		t.Fatalf("a hook returning text: %d %s", r.Status, r.Body)
	}
}

func TestBeforeUserCreatedHook(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Hooks.BeforeUserCreated = pgHook("buc") })
	h.hookFn("buc", `begin if event->'user'->>'email' like '%@blocked.test' then
		return '{"error": {"http_code": 400, "message": "Signups from this domain are not allowed"}}'::jsonb; end if;
		if event->'metadata'->>'name' <> 'before-user-created' then raise exception 'bad metadata %', event->'metadata'; end if;
		return '{}'::jsonb; end;`)
	r := h.do("POST", "/signup", map[string]any{"email": "eve@blocked.test", "password": "password-1"})
	if m := r.json(t); r.Status != 400 || m["msg"] != "Signups from this domain are not allowed" {
		t.Fatalf("blocked signup: %d %s", r.Status, r.Body)
	}
	if n := h.mustSQL(`select count(*) from auth.users`)[0][0]; *n != "0" {
		t.Fatalf("a refused sign-up wrote %s users", *n)
	}
	h.signup("ada@example.com", "password-1", nil)
	// Admin-created users go through it too.
	r = h.do("POST", "/admin/users", map[string]any{"email": "mallory@blocked.test", "password": "password-1"}, bearerH(serviceKey)...)
	if r.Status != 400 {
		t.Fatalf("admin create: %d %s", r.Status, r.Body)
	}
}

// webhookReceiver is a loopback HTTP hook that checks standard-webhooks
// signatures with secret and answers with reply.
type webhookReceiver struct {
	mu       sync.Mutex
	payloads []map[string]any
	badSig   int
}

func (wr *webhookReceiver) serve(t *testing.T, key []byte, status int, reply string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(r.Header.Get("webhook-id") + "." + r.Header.Get("webhook-timestamp") + "." + string(body)))
		want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
		wr.mu.Lock()
		if r.Header.Get("webhook-signature") != want {
			wr.badSig++
		}
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		wr.payloads = append(wr.payloads, m)
		wr.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, reply)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestSendEmailHTTPHook(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	secret := "v1,whsec_" + base64.StdEncoding.EncodeToString(key)
	var wr webhookReceiver
	srv := wr.serve(t, key, 200, `{}`)
	h := newHarness(t, func(c *Config) {
		c.Hooks.SendEmail = HookConfig{Enabled: true, URI: srv.URL + "/send-email", Secrets: []string{secret}}
	})
	h.signup("ada@example.com", "password-1", nil)
	if r := h.do("POST", "/recover", map[string]any{"email": "ada@example.com"}); r.Status != 200 {
		t.Fatalf("recover: %d %s", r.Status, r.Body)
	}
	if len(h.s.Inbox().Messages("")) != 0 {
		t.Fatal("the send-email hook did not replace the inbox")
	}
	if wr.badSig != 0 || len(wr.payloads) != 1 {
		t.Fatalf("%d payloads, %d bad signatures", len(wr.payloads), wr.badSig)
	}
	p := wr.payloads[0]
	ed := p["email_data"].(map[string]any)
	u := p["user"].(map[string]any)
	var stored string
	if rows := h.mustSQL(`select recovery_token from auth.users`); len(rows) == 1 {
		stored = *rows[0][0]
	}
	if ed["email_action_type"] != "recovery" || ed["token_hash"] != stored || len(ed["token"].(string)) != 6 || u["email"] != "ada@example.com" ||
		p["metadata"].(map[string]any)["name"] != "send-email" || ed["site_url"] != "http://127.0.0.1:3000" {
		t.Fatalf("payload %v", p)
	}
	// The hook's token verifies.
	r := h.do("POST", "/verify", map[string]any{"type": "recovery", "token_hash": ed["token_hash"]})
	if r.Status != 200 {
		t.Fatalf("verify with the hook's token_hash: %d %s", r.Status, r.Body)
	}
}

func TestHTTPHookFailures(t *testing.T) {
	key := []byte("0123456789abcdef")
	secret := "v1,whsec_" + base64.StdEncoding.EncodeToString(key)
	for _, tc := range []struct {
		name   string
		status int
		reply  string
		uri    string
		want   int
		code   string
		msg    string
	}{
		{"400 from the hook", 400, `{}`, "", 500, "", "Invalid payload sent to hook"},
		{"401 from the hook", 401, `{}`, "", 500, "", "Hook requires authorization token"},
		{"418 from the hook", 418, `{}`, "", 500, "", "Unexpected status code returned from hook: 418"},
		{"bad JSON", 200, `{"error":`, "", 500, "", "Error unmarshaling JSON output."},
		{"error object", 200, `{"error": {"http_code": 429, "message": "slow down"}}`, "", 429, "", "slow down"},
		{"not loopback", 200, `{}`, "http://192.0.2.1/hook", 422, "hook_timeout_after_retry", "Failed to reach hook after maximum retries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var wr webhookReceiver
			uri := tc.uri
			if uri == "" {
				uri = wr.serve(t, key, tc.status, tc.reply).URL
			}
			h := newHarness(t, func(c *Config) {
				c.Hooks.BeforeUserCreated = HookConfig{Enabled: true, URI: uri, Secrets: []string{secret}}
			})
			h.s.hookBackoff = 0
			r := h.do("POST", "/signup", map[string]any{"email": "ada@example.com", "password": "password-1"})
			m := r.json(t)
			if r.Status != tc.want || m["msg"] != tc.msg || (tc.code != "" && m["error_code"] != tc.code) {
				t.Fatalf("got %d %v %q, want %d %s %q", r.Status, m["error_code"], m["msg"], tc.want, tc.code, tc.msg)
			}
			if n := h.mustSQL(`select count(*) from auth.users`)[0][0]; *n != "0" {
				t.Fatal("a failed hook let the user in")
			}
		})
	}
}

func TestHookConfig(t *testing.T) {
	for name, tc := range map[string]struct {
		toml string
		env  map[string]string
		err  string
	}{
		"pg":              {toml: "[auth.hook.custom_access_token]\nenabled = true\nuri = \"pg-functions://postgres/public/hook\"\n"},
		"bad pg uri":      {toml: "[auth.hook.custom_access_token]\nenabled = true\nuri = \"pg-functions://postgres/hook\"\n", err: "is not a pg-functions://postgres/<schema>/<function> URI"},
		"http no secrets": {toml: "[auth.hook.send_email]\nenabled = true\nuri = \"http://127.0.0.1:9/x\"\n", err: "secrets is required"},
		"bad secret":      {toml: "[auth.hook.send_email]\nenabled = true\nuri = \"http://127.0.0.1:9/x\"\nsecrets = \"hunter2\"\n", err: "v1,whsec_"},
		"scheme":          {toml: "[auth.hook.send_sms]\nenabled = true\nuri = \"ftp://x\"\n", err: "only pg-functions:// and http(s):// hooks"},
		"disabled":        {toml: "[auth.hook.send_sms]\nenabled = false\nuri = \"ftp://x\"\n"},
		"env secret":      {toml: "[auth.hook.send_email]\nenabled = true\nuri = \"http://127.0.0.1:9/x\"\nsecrets = \"env(HOOK_SECRET)\"\n", env: map[string]string{"HOOK_SECRET": "v1,whsec_abcd|v1,whsec_efgh"}},
		"env unset":       {toml: "[auth.hook.send_email]\nenabled = true\nuri = \"http://127.0.0.1:9/x\"\nsecrets = \"env(HOOK_SECRET)\"\n", err: "secrets is required"},
	} {
		t.Run(name, func(t *testing.T) {
			c, err := ParseConfig([]byte(tc.toml), DefaultConfig())
			if err == nil {
				c = c.ResolveEnv(func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok })
				err = c.validate()
			}
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
			if name == "env secret" && len(c.Hooks.SendEmail.Secrets) != 2 {
				t.Fatalf("secrets %v", c.Hooks.SendEmail.Secrets)
			}
		})
	}
}

// TestSendSMSHookPhoneMFA: with the send-sms hook, a phone factor's
// challenge sends its code through the hook and verify checks it.
func TestSendSMSHookPhoneMFA(t *testing.T) {
	key := []byte("0123456789abcdef")
	var wr webhookReceiver
	srv := wr.serve(t, key, 200, `{}`)
	h := newHarness(t, func(c *Config) {
		c.MFA.Phone = MFAFactorConfig{EnrollEnabled: true, VerifyEnabled: true, OTPLength: 8}
		c.Hooks.SendSMS = HookConfig{Enabled: true, URI: srv.URL, Secrets: []string{"v1,whsec_" + base64.StdEncoding.EncodeToString(key)}}
	})
	tok := h.signup("ada@example.com", "password-1", nil)["access_token"].(string)
	r := h.do("POST", "/factors", map[string]any{"factor_type": "phone", "phone": "+15555550100"}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("enroll: %d %s", r.Status, r.Body)
	}
	fid := r.json(t)["id"].(string)
	r = h.do("POST", "/factors/"+fid+"/challenge", map[string]any{}, bearerH(tok)...)
	if r.Status != 200 || len(wr.payloads) != 1 || wr.badSig != 0 {
		t.Fatalf("challenge: %d %s (%d hook calls, %d bad signatures)", r.Status, r.Body, len(wr.payloads), wr.badSig)
	}
	cid := r.json(t)["id"].(string)
	sms := wr.payloads[0]["sms"].(map[string]any)
	code := sms["otp"].(string)
	if len(code) != 8 || sms["phone"] != "15555550100" && sms["phone"] != "+15555550100" || wr.payloads[0]["metadata"].(map[string]any)["name"] != "send-sms" {
		t.Fatalf("hook payload %v", wr.payloads[0])
	}
	wrong := "00000000"
	if wrong == code {
		wrong = "11111111"
	}
	wantErr(t, h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": wrong}, bearerH(tok)...),
		422, "mfa_verification_failed", "Invalid MFA Phone code entered")
	r = h.do("POST", "/factors/"+fid+"/verify", map[string]any{"challenge_id": cid, "code": code}, bearerH(tok)...)
	if r.Status != 200 {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	c := jwtClaims(t, r.json(t)["access_token"].(string))
	if c["aal"] != "aal2" || !strings.Contains(string(mustJSON(t, c["amr"])), "mfa/phone") {
		t.Fatalf("claims %v", c)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
