package schemadiff

import (
	"sort"
	"strings"
)

// ACL is an object's privileges: grantee ("" for PUBLIC) → privilege
// letters as aclitem prints them (arwdDxt for tables, rwU for sequences),
// sorted, without grant options or grantors.
type ACL map[string]string

// parseACL reads an aclitem[] in text form ({postgres=arwdDxt/postgres,...}).
func parseACL(s string) ACL {
	out := ACL{}
	for _, item := range splitArray(s) {
		grantee, rest, ok := strings.Cut(item, "=")
		if !ok {
			continue
		}
		privs, _, _ := strings.Cut(rest, "/")
		privs = strings.ReplaceAll(privs, "*", "")
		grantee = strings.Trim(grantee, `"`)
		out[grantee] = sortedLetters(out[grantee] + privs)
	}
	return out
}

// sortedLetters orders privilege letters as GRANT lists them (SELECT,
// INSERT, UPDATE, DELETE, ...), once each.
func sortedLetters(s string) string {
	const order = "rawdDxtmXUC"
	seen := map[rune]bool{}
	var rs []rune
	for _, r := range s {
		if !seen[r] {
			seen[r] = true
			rs = append(rs, r)
		}
	}
	sort.Slice(rs, func(i, j int) bool {
		a, b := strings.IndexRune(order, rs[i]), strings.IndexRune(order, rs[j])
		if a != b {
			return a < b
		}
		return rs[i] < rs[j]
	})
	return string(rs)
}

// union returns the privileges of a and b together.
func (a ACL) union(b ACL) ACL {
	out := ACL{}
	for _, x := range []ACL{a, b} {
		for g, p := range x {
			out[g] = sortedLetters(out[g] + p)
		}
	}
	return out
}

// without returns a with grantee's entry left out.
func (a ACL) without(grantee string) ACL {
	out := ACL{}
	for g, p := range a {
		if g != grantee {
			out[g] = p
		}
	}
	return out
}

// privilegeNames are the GRANT keywords of aclitem's letters.
var privilegeNames = map[rune]string{
	'r': "SELECT", 'a': "INSERT", 'w': "UPDATE", 'd': "DELETE", 'D': "TRUNCATE",
	'x': "REFERENCES", 't': "TRIGGER", 'U': "USAGE", 'm': "MAINTAIN", 'X': "EXECUTE", 'C': "CREATE",
}

// grantStatements turns the privileges of from into those of to on the
// object (kind TABLE or SEQUENCE), revoking before granting.
func grantStatements(kind, object string, from, to ACL) []string {
	var revokes, grants []string
	for _, g := range sortedKeys(from) {
		if gone := minus(from[g], to[g]); gone != "" {
			revokes = append(revokes, "REVOKE "+privList(gone)+" ON "+kind+" "+object+" FROM "+granteeSQL(g))
		}
	}
	for _, g := range sortedKeys(to) {
		if added := minus(to[g], from[g]); added != "" {
			grants = append(grants, "GRANT "+privList(added)+" ON "+kind+" "+object+" TO "+granteeSQL(g))
		}
	}
	return append(revokes, grants...)
}

func minus(a, b string) string {
	var out []rune
	for _, r := range a {
		if !strings.ContainsRune(b, r) {
			out = append(out, r)
		}
	}
	return string(out)
}

func privList(letters string) string {
	var names []string
	for _, r := range letters {
		if n, ok := privilegeNames[r]; ok {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

func granteeSQL(g string) string {
	if g == "" {
		return "PUBLIC"
	}
	return quoteIdent(g)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// splitArray splits a one-dimensional array literal's text form into its
// elements, unquoting double-quoted ones.
func splitArray(s string) []string {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return nil
	}
	s = s[1 : len(s)-1]
	var out []string
	var cur strings.Builder
	inQuote, escaped, any := false, false, false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && inQuote:
			escaped = true
		case r == '"':
			inQuote = !inQuote
			any = true
		case r == ',' && !inQuote:
			out = append(out, cur.String())
			cur.Reset()
			any = false
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if any || cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}
