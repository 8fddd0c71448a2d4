package types

import (
	"sort"
	"strings"
)

//go:generate go run ./internal/genzones -o zone_names_gen.go

// CanonicalZoneName returns the tz database spelling of a time zone
// name written in any case ("america/new_york" is America/New_York), and
// false for a name that is no tz database zone. PostgreSQL looks zone
// names up case-insensitively and keeps the spelling it found, which
// SHOW TimeZone prints (docs 8.5.3).
func CanonicalZoneName(name string) (string, bool) {
	if c, ok := zoneNames[strings.ToLower(name)]; ok {
		return c, true
	}
	return name, false
}

// ZoneNames lists the tz database zone names, sorted.
func ZoneNames() []string {
	out := make([]string, 0, len(zoneNames))
	for _, n := range zoneNames {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
