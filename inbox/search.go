package inbox

import (
	"strings"
	"unicode"
)

// term is one word of a search query: an optional field (to, from,
// subject, is), the value, and whether it is negated with a leading "-".
type term struct {
	field, value string
	not          bool
}

// parseQuery splits a Mailpit search query into terms: whitespace
// separated, double quotes keep a phrase together, "field:value" limits a
// term to one field.
func parseQuery(q string) []term {
	var words []string
	var cur strings.Builder
	quoted := false
	for _, r := range q {
		switch {
		case r == '"':
			quoted = !quoted
		case unicode.IsSpace(r) && !quoted:
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	var out []term
	for _, w := range words {
		t := term{}
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "!") {
			t.not, w = true, w[1:]
		}
		if i := strings.IndexByte(w, ':'); i > 0 {
			switch f := strings.ToLower(w[:i]); f {
			case "to", "from", "subject", "is", "message-id":
				t.field, w = f, w[i+1:]
			}
		}
		t.value = strings.ToLower(w)
		if t.value != "" {
			out = append(out, t)
		}
	}
	return out
}

func (t term) match(m Message) bool {
	has := func(s string) bool { return strings.Contains(strings.ToLower(s), t.value) }
	addrs := func(as ...Address) bool {
		for _, a := range as {
			if has(a.String()) {
				return true
			}
		}
		return false
	}
	var ok bool
	switch t.field {
	case "to":
		ok = addrs(m.To...)
	case "from":
		ok = addrs(m.From)
	case "subject":
		ok = has(m.Subject)
	case "message-id":
		ok = has(m.MessageID)
	case "is":
		ok = (t.value == "read" && m.Read) || (t.value == "unread" && !m.Read)
	default:
		ok = has(m.Subject) || addrs(m.From) || addrs(m.To...) || has(m.Text)
	}
	return ok != t.not
}

// Search returns the messages matching every term of query, newest
// first; an empty query matches all.
func (s *Store) Search(query string) []Message {
	terms := parseQuery(query)
	var out []Message
next:
	for _, m := range s.List() {
		for _, t := range terms {
			if !t.match(m) {
				continue next
			}
		}
		out = append(out, m)
	}
	return out
}
