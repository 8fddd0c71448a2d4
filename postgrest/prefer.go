package postgrest

import (
	"net/http"
	"strconv"
	"strings"
)

// preferences are the Prefer header's values PostgREST understands.
type preferences struct {
	Return      string // minimal | headers-only | representation
	Count       string // exact | planned | estimated
	Resolution  string // merge-duplicates | ignore-duplicates
	Missing     string // default
	Handling    string // lenient | strict
	MaxAffected int    // -1: none
	Tx          string // commit | rollback
	Timezone    string
	invalid     []string
}

func parsePrefer(h http.Header) preferences {
	p := preferences{MaxAffected: -1}
	for _, line := range h.Values("Prefer") {
		for _, part := range strings.Split(line, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			k, v, _ := strings.Cut(part, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			ok := true
			switch k {
			case "return":
				ok = v == "minimal" || v == "headers-only" || v == "representation"
				if ok {
					p.Return = v
				}
			case "count":
				ok = v == "exact" || v == "planned" || v == "estimated"
				if ok {
					p.Count = v
				}
			case "resolution":
				ok = v == "merge-duplicates" || v == "ignore-duplicates"
				if ok {
					p.Resolution = v
				}
			case "missing":
				ok = v == "default" || v == "null"
				if ok && v == "default" {
					p.Missing = v
				}
			case "handling":
				ok = v == "lenient" || v == "strict"
				if ok {
					p.Handling = v
				}
			case "max-affected":
				n, err := strconv.Atoi(v)
				ok = err == nil && n >= 0
				if ok {
					p.MaxAffected = n
				}
			case "tx":
				ok = v == "commit" || v == "rollback"
				if ok {
					p.Tx = v
				}
			case "timezone":
				p.Timezone = v
			case "params":
			default:
				ok = false
			}
			if !ok {
				p.invalid = append(p.invalid, part)
			}
		}
	}
	return p
}

// applied is the Preference-Applied header value.
func (p preferences) applied(write bool) string {
	var out []string
	if p.Resolution != "" {
		out = append(out, "resolution="+p.Resolution)
	}
	if p.Missing != "" {
		out = append(out, "missing="+p.Missing)
	}
	if p.Return != "" && write {
		out = append(out, "return="+p.Return)
	}
	if p.Count != "" {
		out = append(out, "count="+p.Count)
	}
	if p.Tx != "" {
		out = append(out, "tx="+p.Tx)
	}
	if p.Timezone != "" {
		out = append(out, "timezone="+p.Timezone)
	}
	if p.Handling != "" {
		out = append(out, "handling="+p.Handling)
	}
	if p.MaxAffected >= 0 && p.Handling == "strict" {
		out = append(out, "max-affected="+strconv.Itoa(p.MaxAffected))
	}
	return strings.Join(out, ", ")
}
