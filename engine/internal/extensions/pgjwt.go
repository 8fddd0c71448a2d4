package extensions

import _ "embed"

//go:embed pgjwt.sql
var pgjwtScript string

// pgjwt is pgjwt (michelp/pgjwt): HMAC JSON Web Tokens in SQL.
func pgjwt() *Extension {
	return &Extension{
		Name:     "pgjwt",
		Version:  "0.2.0",
		Comment:  "JSON Web Token API for Postgresql",
		Requires: []string{"pgcrypto"},
		Script:   pgjwtScript,
	}
}
