package postgrest

import (
	"fmt"
	"strconv"
	"strings"
)

// filter is one horizontal filter: field [not.]op[(mod)].value.
type filter struct {
	Field field
	Not   bool
	Op    string
	Mod   string // any | all
	Lang  string // fts config
	Value string
	List  []string // in.(…)
}

// logicTree is or=(…) / and=(…), possibly negated.
type logicTree struct {
	Op       string // and | or
	Not      bool
	Children []logicNode
}

type logicNode struct {
	Filter *filter
	Tree   *logicTree
}

var operators = map[string]string{
	"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=",
	"like": "like", "ilike": "ilike", "match": "~", "imatch": "~*",
	"in": "in", "is": "is", "isdistinct": "is distinct from",
	"fts": "@@", "plfts": "@@", "phfts": "@@", "wfts": "@@",
	"cs": "@>", "cd": "<@", "ov": "&&", "sl": "<<", "sr": ">>", "nxr": "&<", "nxl": "&>", "adj": "-|-",
}

var quantifiable = map[string]bool{"eq": true, "like": true, "ilike": true, "gt": true, "gte": true, "lt": true, "lte": true, "match": true, "imatch": true}

func filterParseError(what string) error {
	return errParse(fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column 1)", what),
		"unexpected \""+firstChar(what)+"\" expecting \"not\" or operator (eq, gt, ...)")
}

func firstChar(s string) string {
	if s == "" {
		return ""
	}
	return s[:1]
}

// parseField parses a column name with an optional JSON path.
func parseField(s string) (field, error) {
	p := &selParser{s: s}
	name, err := p.ident()
	if err != nil {
		return field{}, errParse(fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column 1)", s), "")
	}
	f := field{Name: name}
	if err := p.path(&f); err != nil || p.i != len(s) {
		return field{}, errParse(fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column 1)", s), "")
	}
	return f, nil
}

// parseOpValue parses [not.]op[(mod)].value for a field.
func parseOpValue(f field, s string) (*filter, error) {
	flt := &filter{Field: f}
	rest := s
	if strings.HasPrefix(rest, "not.") {
		flt.Not = true
		rest = rest[4:]
	}
	dot := strings.IndexByte(rest, '.')
	if dot < 0 {
		return nil, filterParseError(s)
	}
	op := rest[:dot]
	val := rest[dot+1:]
	if i := strings.IndexByte(op, '('); i >= 0 && strings.HasSuffix(op, ")") {
		arg := op[i+1 : len(op)-1]
		op = op[:i]
		switch {
		case op == "fts" || op == "plfts" || op == "phfts" || op == "wfts":
			flt.Lang = arg
		case (arg == "any" || arg == "all") && quantifiable[op]:
			flt.Mod = arg
		default:
			return nil, filterParseError(s)
		}
	}
	if _, ok := operators[op]; !ok {
		return nil, filterParseError(s)
	}
	flt.Op = op
	switch op {
	case "in":
		list, err := parseList(val)
		if err != nil {
			return nil, filterParseError(s)
		}
		flt.List = list
	case "is":
		switch strings.ToLower(val) {
		case "null", "not_null", "true", "false", "unknown":
			flt.Value = strings.ToLower(val)
		default:
			return nil, errParse(fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column %d)", s, len(s)-len(val)+1),
				"unexpected \""+firstChar(val)+"\" expecting null or trilean value (unknown, true, false)")
		}
	default:
		flt.Value = val
		if flt.Mod != "" {
			list, err := parseList(strings.Replace(strings.Replace(val, "{", "(", 1), "}", ")", 1))
			if err != nil {
				return nil, filterParseError(s)
			}
			flt.List = list
		}
	}
	return flt, nil
}

// parseList parses (a,"b,c",d) into its values.
func parseList(s string) ([]string, error) {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return nil, fmt.Errorf("not a list")
	}
	return splitTop(s[1 : len(s)-1])
}

// splitTop splits on commas outside double quotes and parentheses,
// unquoting quoted elements.
func splitTop(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return []string{}, nil
	}
	var out []string
	var cur strings.Builder
	depth := 0
	quoted, wasQuoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s):
			cur.WriteByte(s[i+1])
			i++
		case c == '"':
			if depth == 0 {
				quoted = !quoted
				wasQuoted = true
			} else {
				cur.WriteByte(c)
			}
		case quoted:
			cur.WriteByte(c)
		case c == '(':
			depth++
			cur.WriteByte(c)
		case c == ')':
			depth--
			cur.WriteByte(c)
		case c == ',' && depth == 0:
			out = append(out, finishElem(cur.String(), wasQuoted))
			cur.Reset()
			wasQuoted = false
		default:
			cur.WriteByte(c)
		}
	}
	if quoted || depth != 0 {
		return nil, fmt.Errorf("unbalanced")
	}
	out = append(out, finishElem(cur.String(), wasQuoted))
	return out, nil
}

func finishElem(s string, quoted bool) string {
	if quoted {
		return s
	}
	return strings.TrimSpace(s)
}

// parseLogic parses the value of or= / and= (with the key's not.).
func parseLogic(op string, not bool, val string) (*logicTree, error) {
	if len(val) < 2 || val[0] != '(' || val[len(val)-1] != ')' {
		return nil, errParse(fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column 1)", val), "unexpected \""+firstChar(val)+"\" expecting \"(\"")
	}
	t := &logicTree{Op: op, Not: not}
	parts, err := splitRaw(val[1 : len(val)-1])
	if err != nil {
		return nil, errParse(fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column 1)", val), "unexpected end of input")
	}
	for _, p := range parts {
		n, err := parseLogicNode(p)
		if err != nil {
			return nil, errParse(fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column 1)", val), "unexpected \""+firstChar(p)+"\" expecting field, \"and\" or \"or\"")
		}
		t.Children = append(t.Children, n)
	}
	return t, nil
}

// splitRaw splits on top-level commas but keeps quotes (the elements are
// parsed again).
func splitRaw(s string) ([]string, error) {
	var out []string
	depth, start := 0, 0
	quoted := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if quoted || depth != 0 {
		return nil, fmt.Errorf("unbalanced")
	}
	return append(out, s[start:]), nil
}

func parseLogicNode(s string) (logicNode, error) {
	s = strings.TrimSpace(s)
	not := false
	rest := s
	if strings.HasPrefix(rest, "not.") {
		not = true
		rest = rest[4:]
	}
	for _, op := range []string{"and", "or"} {
		if strings.HasPrefix(rest, op+"(") {
			t, err := parseLogic(op, not, rest[len(op):])
			if err != nil {
				return logicNode{}, err
			}
			return logicNode{Tree: t}, nil
		}
	}
	// field.op.value — the field ends at the first '.' not inside a JSON path key.
	dot := strings.IndexByte(s, '.')
	if dot <= 0 {
		return logicNode{}, fmt.Errorf("no field")
	}
	f, err := parseField(s[:dot])
	if err != nil {
		return logicNode{}, err
	}
	val := s[dot+1:]
	flt, err := parseOpValue(f, unquoteValue(val))
	if err != nil {
		return logicNode{}, err
	}
	return logicNode{Filter: flt}, nil
}

// unquoteValue removes the double quotes around a logic-tree value
// (op."a,b" → op.a,b), leaving in-lists alone.
func unquoteValue(s string) string {
	dot := strings.LastIndex(s, ".\"")
	if dot >= 0 && strings.HasSuffix(s, "\"") && len(s) >= dot+3 {
		if u, err := strconv.Unquote(s[dot+1:]); err == nil {
			return s[:dot+1] + u
		}
		return s[:dot+1] + s[dot+2:len(s)-1]
	}
	return s
}

// orderTerm is one element of order=.
type orderTerm struct {
	Rel   string // order by a to-one embed's column: rel(col)
	Field field
	Desc  bool
	Nulls string // first | last | ""
}

func parseOrder(s string) ([]orderTerm, error) {
	var out []orderTerm
	parts, err := splitRaw(s)
	if err != nil {
		return nil, orderError(s)
	}
	for _, p := range parts {
		var t orderTerm
		segs := strings.Split(p, ".")
		head := segs[0]
		if i := strings.IndexByte(head, '('); i > 0 && strings.HasSuffix(head, ")") {
			t.Rel = head[:i]
			head = head[i+1 : len(head)-1]
		}
		f, err := parseField(head)
		if err != nil {
			return nil, orderError(s)
		}
		t.Field = f
		for _, m := range segs[1:] {
			switch m {
			case "asc":
				t.Desc = false
			case "desc":
				t.Desc = true
			case "nullsfirst":
				t.Nulls = "first"
			case "nullslast":
				t.Nulls = "last"
			default:
				return nil, orderError(s)
			}
		}
		out = append(out, t)
	}
	return out, nil
}

func orderError(s string) error {
	return errParse(fmt.Sprintf("\"failed to parse order (%s)\" (line 1, column 1)", s), "unexpected \""+firstChar(s)+"\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"")
}
