package postgrest

import (
	"fmt"
	"regexp"
	"strings"
)

// selectItem is one element of select=: a field, an aggregate, or an
// embedded resource.
type selectItem struct {
	Alias string
	// field
	Star  bool
	Field field
	Cast  string
	Agg   string // count, sum, avg, max, min ("" = none); Field empty for count()
	// embed
	Embed  *embedSel
	Spread bool
}

// field is a column with an optional JSON path (col->a->>b).
type field struct {
	Name string
	Path []jsonStep
}

type jsonStep struct {
	Arrow string // -> or ->>
	Key   string
	Index bool // numeric key: array index
}

// embedSel is rel!hint!inner(items).
type embedSel struct {
	Name  string
	Hint  string
	Inner bool
	Left  bool
	Items []selectItem
}

var castRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$`)

// parseSelect parses select=.
func parseSelect(s string) ([]selectItem, error) {
	p := &selParser{s: s}
	items, err := p.items(false)
	if err != nil {
		return nil, err
	}
	if p.i != len(p.s) {
		return nil, p.fail()
	}
	return items, nil
}

type selParser struct {
	s string
	i int
}

func (p *selParser) fail() error {
	near := p.s[p.i:]
	return errParse(fmt.Sprintf("\"failed to parse select parameter (%s)\" (line 1, column %d)", p.s, p.i+1), "unexpected "+quoteNear(near)+" expecting letter, digit, \"_\" or \"*\"")
}

func quoteNear(s string) string {
	if s == "" {
		return "end of input"
	}
	return fmt.Sprintf("%q", s[:1])
}

func (p *selParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *selParser) items(nested bool) ([]selectItem, error) {
	var out []selectItem
	if nested && p.peek() == ')' {
		return out, nil
	}
	if !nested && p.s == "" {
		return []selectItem{{Star: true}}, nil
	}
	for {
		it, err := p.item()
		if err != nil {
			return nil, err
		}
		out = append(out, it)
		if p.peek() == ',' {
			p.i++
			continue
		}
		return out, nil
	}
}

// ident reads an identifier: letters, digits, _, $, spaces and unicode, or a
// double-quoted name.
func (p *selParser) ident() (string, error) {
	if p.peek() == '"' {
		return p.quoted()
	}
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == ',' || c == '(' || c == ')' || c == ':' || c == '!' || c == '.' || c == '-' || c == '"' {
			break
		}
		p.i++
	}
	if p.i == start {
		return "", p.fail()
	}
	return strings.TrimSpace(p.s[start:p.i]), nil
}

func (p *selParser) quoted() (string, error) {
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '\\' && p.i+1 < len(p.s) {
			b.WriteByte(p.s[p.i+1])
			p.i += 2
			continue
		}
		if c == '"' {
			p.i++
			return b.String(), nil
		}
		b.WriteByte(c)
		p.i++
	}
	return "", p.fail()
}

func (p *selParser) item() (selectItem, error) {
	var it selectItem
	if strings.HasPrefix(p.s[p.i:], "...") {
		p.i += 3
		it.Spread = true
	}
	if p.peek() == '*' {
		p.i++
		it.Star = true
		return it, nil
	}
	name, err := p.ident()
	if err != nil {
		return it, err
	}
	if p.peek() == ':' && !strings.HasPrefix(p.s[p.i:], "::") {
		p.i++
		it.Alias = name
		if strings.HasPrefix(p.s[p.i:], "...") {
			return it, p.fail()
		}
		if name, err = p.ident(); err != nil {
			return it, err
		}
	}
	// embed: name[!hint][!inner](...)
	if p.peek() == '!' || p.peek() == '(' {
		e := &embedSel{Name: name}
		for p.peek() == '!' {
			p.i++
			h, err := p.ident()
			if err != nil {
				return it, err
			}
			switch h {
			case "inner":
				e.Inner = true
			case "left":
				e.Left = true
			default:
				e.Hint = h
			}
		}
		if p.peek() == '(' {
			p.i++
			items, err := p.items(true)
			if err != nil {
				return it, err
			}
			if p.peek() != ')' {
				return it, p.fail()
			}
			p.i++
			// aggregate count() without a column
			if name == "count" && len(items) == 0 && e.Hint == "" && !e.Inner {
				it.Agg = "count"
				if err := p.castAndAgg(&it, false); err != nil {
					return it, err
				}
				return it, nil
			}
			e.Items = items
			it.Embed = e
			return it, nil
		}
		return it, p.fail()
	}
	if it.Spread {
		return it, p.fail()
	}
	it.Field.Name = name
	if err := p.path(&it.Field); err != nil {
		return it, err
	}
	if err := p.castAndAgg(&it, true); err != nil {
		return it, err
	}
	return it, nil
}

func (p *selParser) path(f *field) error {
	for strings.HasPrefix(p.s[p.i:], "->") {
		st := jsonStep{Arrow: "->"}
		p.i += 2
		if p.peek() == '>' {
			st.Arrow = "->>"
			p.i++
		}
		k, err := p.ident()
		if err != nil {
			return err
		}
		st.Key = k
		st.Index = isInt(k)
		f.Path = append(f.Path, st)
	}
	return nil
}

func isInt(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// castAndAgg reads [.agg()][::cast] in either order PostgREST accepts.
func (p *selParser) castAndAgg(it *selectItem, allowAgg bool) error {
	for {
		switch {
		case strings.HasPrefix(p.s[p.i:], "::"):
			p.i += 2
			start := p.i
			for p.i < len(p.s) && p.s[p.i] != ',' && p.s[p.i] != ')' && p.s[p.i] != '.' {
				p.i++
			}
			c := p.s[start:p.i]
			if !castRe.MatchString(c) {
				return p.fail()
			}
			it.Cast = c
		case allowAgg && p.peek() == '.':
			p.i++
			name, err := p.ident()
			if err != nil {
				return err
			}
			switch name {
			case "sum", "avg", "max", "min", "count":
			default:
				return p.fail()
			}
			if !strings.HasPrefix(p.s[p.i:], "()") {
				return p.fail()
			}
			p.i += 2
			it.Agg = name
		default:
			return nil
		}
	}
}

// outputName is the JSON key of a field: its alias, else the last JSON key,
// else the column.
func (it selectItem) outputName() string {
	if it.Alias != "" {
		return it.Alias
	}
	if it.Agg != "" {
		return it.Agg
	}
	if n := len(it.Field.Path); n > 0 {
		return it.Field.Path[n-1].Key
	}
	return it.Field.Name
}
