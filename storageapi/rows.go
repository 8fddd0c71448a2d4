package storageapi

import (
	"encoding/json"
	"strings"
	"time"
)

// isoTime turns PostgreSQL's timestamptz text into the ISO 8601 form the
// storage server's JSON carries (JavaScript's Date.toISOString).
func isoTime(p *string) any {
	if p == nil {
		return nil
	}
	if t, ok := parseTime(p); ok {
		return t.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	return *p
}

// parseTime reads a timestamptz column's text form.
func parseTime(p *string) (time.Time, bool) {
	if p == nil {
		return time.Time{}, false
	}
	for _, layout := range []string{"2006-01-02 15:04:05.999999-07", "2006-01-02 15:04:05.999999-07:00", "2006-01-02 15:04:05-07"} {
		if t, err := time.Parse(layout, *p); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// rawJSON is a jsonb column's text as JSON (null for NULL).
func rawJSON(p *string) json.RawMessage {
	if p == nil || *p == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(*p)
}

// textArray parses a text[] column's PostgreSQL text form.
func textArray(p *string) []string {
	if p == nil {
		return nil
	}
	s := strings.TrimSpace(*p)
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return nil
	}
	s = s[1 : len(s)-1]
	out := []string{}
	for i := 0; i < len(s); {
		var b strings.Builder
		if s[i] == '"' {
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				b.WriteByte(s[i])
				i++
			}
			i++ // closing quote
		} else {
			for i < len(s) && s[i] != ',' {
				b.WriteByte(s[i])
				i++
			}
		}
		out = append(out, b.String())
		if i < len(s) && s[i] == ',' {
			i++
		}
	}
	return out
}

// arrayLiteral writes strings as a text[] literal.
func arrayLiteral(vals []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range vals {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v))
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String()
}
