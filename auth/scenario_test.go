package auth

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the auth scenario .golden files")

// TestScenarios runs testdata/scenarios/*.txt: HTTP request scripts whose
// responses are compared with the .golden transcript beside them
// (regenerate with -update). The clock is fixed and randomness seeded, so
// ids, tokens and times are reproducible; access tokens are shown decoded.
//
// A request is a line "METHOD PATH [option ...]" followed by an optional
// JSON body, ended by a blank line. Options: auth=user|service|anon|none
// (default anon; user is the latest session's access token),
// bearer=<token>, version=<X-Supabase-Api-Version>, advance=<duration>
// (move the clock first), config=<key>=<value> is a file-level directive
// line "config key=value". $ACCESS, $REFRESH, $OLD_REFRESH, $REFRESH_<n>
// (the n-th refresh token seen), $USER_ID, $OTP, $TOKEN_HASH,
// $LINK_TOKEN, $OTP_<address>, $TOKEN_HASH_<address> and $CODE are
// replaced by values from earlier responses and the inbox.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := runScenario(t, string(src))
			golden := strings.TrimSuffix(f, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
			}
		})
	}
}

type scenarioState struct {
	vars     map[string]string
	refreshN int
}

func runScenario(t *testing.T, src string) string {
	blocks := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n\n")
	var mutators []func(*Config)
	var reqs []string
	for _, b := range blocks {
		b = strings.TrimSpace(b)
		if b == "" {
			continue
		}
		var keep []string
		for _, line := range strings.Split(b, "\n") {
			switch {
			case strings.HasPrefix(line, "#"):
			case strings.HasPrefix(line, "config "):
				kv := strings.SplitN(strings.TrimPrefix(line, "config "), "=", 2)
				mutators = append(mutators, configSetter(t, kv[0], kv[1]))
			default:
				keep = append(keep, line)
			}
		}
		if len(keep) > 0 {
			reqs = append(reqs, strings.Join(keep, "\n"))
		}
	}
	h := newHarness(t, func(c *Config) {
		for _, m := range mutators {
			m(c)
		}
	})
	st := &scenarioState{vars: map[string]string{}}
	var out strings.Builder
	for _, r := range reqs {
		lines := strings.SplitN(r, "\n", 2)
		head := strings.Fields(lines[0])
		if len(head) < 2 {
			t.Fatalf("bad request line %q", lines[0])
		}
		method, path := head[0], st.expand(head[1])
		body := ""
		if len(lines) > 1 {
			body = st.expand(lines[1])
		}
		var hdrs []string
		auth := "anon"
		for _, opt := range head[2:] {
			k, v, _ := strings.Cut(opt, "=")
			switch k {
			case "auth":
				auth = v
			case "bearer":
				auth = "custom"
				hdrs = append(hdrs, "Authorization", "Bearer "+st.expand(v))
			case "version":
				hdrs = append(hdrs, apiVersionHeader, v)
			case "advance":
				d, err := time.ParseDuration(v)
				if err != nil {
					t.Fatal(err)
				}
				h.clock.advance(d)
			default:
				t.Fatalf("unknown option %q", opt)
			}
		}
		switch auth {
		case "user":
			hdrs = append(hdrs, "Authorization", "Bearer "+st.vars["ACCESS"])
		case "service":
			hdrs = append(hdrs, "Authorization", "Bearer "+serviceKey)
		case "none":
			hdrs = append(hdrs, "Authorization", "none")
		}
		var resp response
		if body == "" {
			resp = h.do(method, path, nil, hdrs...)
		} else {
			resp = h.do(method, path, body, hdrs...)
		}
		fmt.Fprintf(&out, "### %s\n", lines[0])
		if body != "" {
			fmt.Fprintf(&out, "%s\n", strings.TrimSpace(lines[1]))
		}
		fmt.Fprintf(&out, "--- %d\n", resp.Status)
		for _, k := range []string{"Location", "X-Total-Count", "Link", "X-Sb-Error-Code", apiVersionHeader} {
			if v := resp.Header.Get(k); v != "" {
				fmt.Fprintf(&out, "%s: %s\n", k, v)
			}
		}
		if len(resp.Body) > 0 {
			out.WriteString(renderBody(resp.Body))
			out.WriteString("\n")
		}
		out.WriteString("\n")
		st.learn(h, resp)
	}
	return out.String()
}

func configSetter(t *testing.T, key, val string) func(*Config) {
	return func(c *Config) {
		switch key {
		case "enable_confirmations":
			c.Email.EnableConfirmations = val == "true"
		case "enable_anonymous_sign_ins":
			c.EnableAnonymousSignIns = val == "true"
		case "enable_signup":
			c.EnableSignup = val == "true"
		case "refresh_token_reuse_interval":
			fmt.Sscan(val, &c.RefreshTokenReuseInterval)
		case "password_requirements":
			c.PasswordRequirements = val
		case "minimum_password_length":
			fmt.Sscan(val, &c.MinimumPasswordLength)
		case "secure_password_change":
			c.Email.SecurePasswordChange = val == "true"
		case "jwt_expiry":
			fmt.Sscan(val, &c.JWTExpiry)
		default:
			t.Fatalf("unknown config key %q", key)
		}
	}
}

func (st *scenarioState) expand(s string) string {
	keys := make([]string, 0, len(st.vars))
	for k := range st.vars {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		s = strings.ReplaceAll(s, "$"+k, st.vars[k])
	}
	return s
}

// learn picks tokens and ids out of a response and the inbox.
func (st *scenarioState) learn(h *harness, r response) {
	var m map[string]any
	if json.Unmarshal(r.Body, &m) == nil {
		if v, ok := m["access_token"].(string); ok {
			st.vars["ACCESS"] = v
		}
		if v, ok := m["refresh_token"].(string); ok {
			if old, ok := st.vars["REFRESH"]; ok {
				st.vars["OLD_REFRESH"] = old
			}
			st.vars["REFRESH"] = v
			st.refreshN++
			st.vars[fmt.Sprintf("REFRESH_%d", st.refreshN)] = v
		}
		if u, ok := m["user"].(map[string]any); ok {
			st.vars["USER_ID"], _ = u["id"].(string)
		} else if id, ok := m["id"].(string); ok && m["aud"] != nil {
			st.vars["USER_ID"] = id
		}
		if v, ok := m["hashed_token"].(string); ok {
			st.vars["TOKEN_HASH"] = v
			st.vars["OTP"], _ = m["email_otp"].(string)
		}
	}
	if loc := r.Header.Get("Location"); loc != "" {
		if u, err := url.Parse(loc); err == nil {
			if c := u.Query().Get("code"); c != "" {
				st.vars["CODE"] = c
			}
			if f, err := url.ParseQuery(u.Fragment); err == nil && f.Get("access_token") != "" {
				st.vars["ACCESS"] = f.Get("access_token")
				st.vars["REFRESH"] = f.Get("refresh_token")
			}
		}
	}
	for _, e := range h.s.Inbox().Messages("") {
		st.vars["OTP_"+e.To] = e.OTP
		st.vars["TOKEN_HASH_"+e.To] = e.TokenHash
	}
	if e, ok := h.s.Inbox().Latest(""); ok {
		st.vars["OTP"] = e.OTP
		st.vars["TOKEN_HASH"] = e.TokenHash
		if u, err := url.Parse(e.Link); err == nil {
			st.vars["LINK_TOKEN"] = u.Query().Get("token")
		}
		st.vars["INBOX_TO"] = e.To
	}
}

var jwtRegexp = regexp.MustCompile(`^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$`)

// renderBody pretty-prints a JSON body, decoding access tokens.
func renderBody(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	v = decodeJWTs(v)
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

func decodeJWTs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = decodeJWTs(e)
		}
	case []any:
		for i, e := range x {
			x[i] = decodeJWTs(e)
		}
	case string:
		if jwtRegexp.MatchString(x) {
			parts := strings.Split(x, ".")
			hdr, err1 := base64.RawURLEncoding.DecodeString(parts[0])
			cl, err2 := base64.RawURLEncoding.DecodeString(parts[1])
			if err1 == nil && err2 == nil {
				var h, c any
				dec := json.NewDecoder(bytes.NewReader(cl))
				dec.UseNumber()
				if json.Unmarshal(hdr, &h) == nil && dec.Decode(&c) == nil {
					return map[string]any{"jwt_header": h, "jwt_claims": c}
				}
			}
		}
	}
	return v
}
