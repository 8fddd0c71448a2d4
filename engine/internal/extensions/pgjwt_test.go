package extensions_test

import "testing"

// TestPgjwt signs and verifies tokens (pgjwt's README example among them).
func TestPgjwt(t *testing.T) {
	s := installed(t, "pgjwt")
	run(t, s, []sqlCase{
		{name: "sign", sql: `select extensions.sign('{"sub":"1234567890","name":"John Doe","admin":true}', 'secret')`,
			want: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9.TJVA95OrM7E2cBab30RMHrHDcEfxjoYZgeFONFh7HgQ"},
		{name: "verify", sql: `select header::text, payload::text, valid from extensions.verify(extensions.sign('{"sub":"1"}', 'secret'), 'secret')`,
			want: `{"alg":"HS256","typ":"JWT"}|{"sub":"1"}|t`},
		{name: "HS512", sql: `select valid from extensions.verify(extensions.sign('{"a":1}', 'k', 'HS512'), 'k', 'HS512')`, want: "t"},
		{name: "HS384 wrong algorithm", sql: `select valid from extensions.verify(extensions.sign('{"a":1}', 'k', 'HS384'), 'k')`, want: "f"},
		{name: "wrong secret", sql: `select valid from extensions.verify(extensions.sign('{"a":1}', 'k'), 'other')`, want: "f"},
		{name: "expired", sql: `select valid from extensions.verify(extensions.sign('{"exp":1}', 'k'), 'k')`, want: "f"},
		{name: "not yet", sql: `select valid from extensions.verify(extensions.sign('{"nbf":99999999999}', 'k'), 'k')`, want: "f"},
		{name: "url round trip", sql: `select extensions.url_decode(extensions.url_encode('\xfbff00'))`, want: `\xfbff00`},
		{name: "url_encode", sql: `select extensions.url_encode('\xfbff')`, want: "-_8"},
		{name: "unknown algorithm", sql: `select extensions.sign('{}', 'k', 'RS256')`, code: "22023"},
		{name: "null payload", sql: `select extensions.sign(null, 'k') is null`, want: "t"},
		{name: "malformed token", sql: `select * from extensions.verify('not-a-token', 'k')`, code: "22021"},
	})
}
