package expr

import (
	"regexp"

	"github.com/dolthub/go-mysql-server/sql"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
)

// A subset of SQL/JSON path (docs 9.16.2): lax and strict mode, $, @,
// .key, ."key", .*, [*], [n], [n to m], [last], filters ?( … ) with
// comparisons, &&, ||, !, exists( … ), like_regex and starts with, and
// the .size() and .type() methods. Arithmetic, variables ($var), the
// other item methods and the jsonpath type itself are not supported yet.

type jpNode struct {
	kind    byte // '$', '@', 'l' literal, and the accessors below
	steps   []jpStep
	literal any
}

type jpStep struct {
	kind     byte // '.' member, '*' wildcard member, '[' subscripts, 'a' [*], '?' filter, 'm' method
	key      string
	subs     [][2]jpIndex
	pred     *jpPred
	method   string
	hasRange bool
}

type jpIndex struct {
	n    int
	last bool // last (minus n)
}

type jpPred struct {
	op          string // "&&", "||", "!", "exists", "cmp", "like_regex", "starts"
	left, right *jpPred
	a, b        *jpNode
	cmp         string
	re          *regexp.Regexp
}

type jpPath struct {
	strict bool
	root   *jpNode
	pred   *jpPred // a predicate path (jsonb_path_match): $.a > 1
}

type jpParser struct {
	s   string
	i   int
	src string
}

func jsonpathErr(src string) error {
	return pgerror.New(pgerror.SyntaxError, "syntax error at or near %q of jsonpath input", src)
}

func parseJSONPath(src string) (*jpPath, error) {
	p := &jpParser{s: src, src: src}
	p.ws()
	path := &jpPath{}
	if p.word("strict") {
		path.strict = true
	} else {
		p.word("lax")
	}
	p.ws()
	n, err := p.chain()
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.i < len(p.s) {
		// a predicate at the top: $.a > 1
		op := p.cmpOp()
		if op == "" {
			return nil, jsonpathErr(src)
		}
		p.ws()
		rhs, err := p.chain()
		if err != nil {
			return nil, err
		}
		path.pred = &jpPred{op: "cmp", a: n, b: rhs, cmp: op}
		p.ws()
		if p.i < len(p.s) {
			return nil, jsonpathErr(src)
		}
		return path, nil
	}
	path.root = n
	return path, nil
}

func (p *jpParser) ws() {
	for p.i < len(p.s) && isSpaceByteJP(p.s[p.i]) {
		p.i++
	}
}

func isSpaceByteJP(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *jpParser) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) && (p.i+len(w) == len(p.s) || !isIdentByte(p.s[p.i+len(w)])) {
		p.i += len(w)
		return true
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (p *jpParser) cmpOp() string {
	for _, op := range []string{"==", "!=", "<>", "<=", ">=", "<", ">"} {
		if strings.HasPrefix(p.s[p.i:], op) {
			p.i += len(op)
			return op
		}
	}
	return ""
}

// chain is a primary ($, @ or a literal) with its accessors.
func (p *jpParser) chain() (*jpNode, error) {
	p.ws()
	if p.i >= len(p.s) {
		return nil, jsonpathErr(p.src)
	}
	n := &jpNode{}
	switch c := p.s[p.i]; {
	case c == '$':
		n.kind = '$'
		p.i++
	case c == '@':
		n.kind = '@'
		p.i++
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n.kind, n.literal = 'l', s
		return n, nil
	case c == '-' || c >= '0' && c <= '9':
		j := p.i + 1
		for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.' || p.s[j] == 'e' || p.s[j] == 'E') {
			j++
		}
		d, err := decimal.NewFromString(p.s[p.i:j])
		if err != nil {
			return nil, jsonpathErr(p.src)
		}
		p.i = j
		n.kind, n.literal = 'l', d
		return n, nil
	case p.word("true"):
		n.kind, n.literal = 'l', true
		return n, nil
	case p.word("false"):
		n.kind, n.literal = 'l', false
		return n, nil
	case p.word("null"):
		n.kind = 'l'
		return n, nil
	default:
		return nil, jsonpathErr(p.src)
	}
	for {
		p.ws()
		if p.i >= len(p.s) {
			return n, nil
		}
		switch p.s[p.i] {
		case '.':
			p.i++
			p.ws()
			switch {
			case p.i < len(p.s) && p.s[p.i] == '*':
				p.i++
				n.steps = append(n.steps, jpStep{kind: '*'})
			case p.i < len(p.s) && p.s[p.i] == '"':
				s, err := p.str()
				if err != nil {
					return nil, err
				}
				n.steps = append(n.steps, jpStep{kind: '.', key: s})
			default:
				j := p.i
				for j < len(p.s) && isIdentByte(p.s[j]) {
					j++
				}
				if j == p.i {
					return nil, jsonpathErr(p.src)
				}
				key := p.s[p.i:j]
				p.i = j
				if strings.HasPrefix(p.s[p.i:], "()") {
					p.i += 2
					if key != "size" && key != "type" {
						return nil, pgerror.New(pgerror.FeatureNotSupported, "jsonpath item method .%s() is not supported yet", key)
					}
					n.steps = append(n.steps, jpStep{kind: 'm', method: key})
					continue
				}
				n.steps = append(n.steps, jpStep{kind: '.', key: key})
			}
		case '[':
			p.i++
			p.ws()
			if strings.HasPrefix(p.s[p.i:], "*") {
				p.i++
				p.ws()
				if !strings.HasPrefix(p.s[p.i:], "]") {
					return nil, jsonpathErr(p.src)
				}
				p.i++
				n.steps = append(n.steps, jpStep{kind: 'a'})
				continue
			}
			st := jpStep{kind: '['}
			for {
				from, err := p.index()
				if err != nil {
					return nil, err
				}
				to := from
				p.ws()
				if p.word("to") {
					if to, err = p.index(); err != nil {
						return nil, err
					}
				}
				st.subs = append(st.subs, [2]jpIndex{from, to})
				p.ws()
				if strings.HasPrefix(p.s[p.i:], ",") {
					p.i++
					continue
				}
				break
			}
			if !strings.HasPrefix(p.s[p.i:], "]") {
				return nil, jsonpathErr(p.src)
			}
			p.i++
			n.steps = append(n.steps, st)
		case '?':
			p.i++
			p.ws()
			if !strings.HasPrefix(p.s[p.i:], "(") {
				return nil, jsonpathErr(p.src)
			}
			p.i++
			pred, err := p.predOr()
			if err != nil {
				return nil, err
			}
			p.ws()
			if !strings.HasPrefix(p.s[p.i:], ")") {
				return nil, jsonpathErr(p.src)
			}
			p.i++
			n.steps = append(n.steps, jpStep{kind: '?', pred: pred})
		default:
			return n, nil
		}
	}
}

func (p *jpParser) index() (jpIndex, error) {
	p.ws()
	if p.word("last") {
		p.ws()
		if strings.HasPrefix(p.s[p.i:], "-") {
			p.i++
			p.ws()
			j := p.i
			for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(p.s[p.i:j])
			if err != nil {
				return jpIndex{}, jsonpathErr(p.src)
			}
			p.i = j
			return jpIndex{n: n, last: true}, nil
		}
		return jpIndex{last: true}, nil
	}
	j := p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(p.s[p.i:j])
	if err != nil {
		return jpIndex{}, jsonpathErr(p.src)
	}
	p.i = j
	return jpIndex{n: n}, nil
}

func (p *jpParser) str() (string, error) {
	j := p.i + 1
	var b strings.Builder
	for j < len(p.s) && p.s[j] != '"' {
		if p.s[j] == '\\' && j+1 < len(p.s) {
			j++
			switch p.s[j] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(p.s[j])
			}
			j++
			continue
		}
		b.WriteByte(p.s[j])
		j++
	}
	if j >= len(p.s) {
		return "", jsonpathErr(p.src)
	}
	p.i = j + 1
	return b.String(), nil
}

func (p *jpParser) predOr() (*jpPred, error) {
	l, err := p.predAnd()
	if err != nil {
		return nil, err
	}
	for p.ws(); strings.HasPrefix(p.s[p.i:], "||"); p.ws() {
		p.i += 2
		r, err := p.predAnd()
		if err != nil {
			return nil, err
		}
		l = &jpPred{op: "||", left: l, right: r}
	}
	return l, nil
}

func (p *jpParser) predAnd() (*jpPred, error) {
	l, err := p.predNot()
	if err != nil {
		return nil, err
	}
	for p.ws(); strings.HasPrefix(p.s[p.i:], "&&"); p.ws() {
		p.i += 2
		r, err := p.predNot()
		if err != nil {
			return nil, err
		}
		l = &jpPred{op: "&&", left: l, right: r}
	}
	return l, nil
}

func (p *jpParser) predNot() (*jpPred, error) {
	p.ws()
	switch {
	case strings.HasPrefix(p.s[p.i:], "!"):
		p.i++
		r, err := p.predNot()
		if err != nil {
			return nil, err
		}
		return &jpPred{op: "!", left: r}, nil
	case strings.HasPrefix(p.s[p.i:], "("):
		p.i++
		r, err := p.predOr()
		if err != nil {
			return nil, err
		}
		p.ws()
		if !strings.HasPrefix(p.s[p.i:], ")") {
			return nil, jsonpathErr(p.src)
		}
		p.i++
		return r, nil
	case p.word("exists"):
		p.ws()
		if !strings.HasPrefix(p.s[p.i:], "(") {
			return nil, jsonpathErr(p.src)
		}
		p.i++
		n, err := p.chain()
		if err != nil {
			return nil, err
		}
		p.ws()
		if !strings.HasPrefix(p.s[p.i:], ")") {
			return nil, jsonpathErr(p.src)
		}
		p.i++
		return &jpPred{op: "exists", a: n}, nil
	}
	a, err := p.chain()
	if err != nil {
		return nil, err
	}
	p.ws()
	switch {
	case p.word("like_regex"):
		p.ws()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, jsonpathErr(p.src)
		}
		pat, err := p.str()
		if err != nil {
			return nil, err
		}
		p.ws()
		flags := ""
		if p.word("flag") {
			p.ws()
			if flags, err = p.str(); err != nil {
				return nil, err
			}
		}
		if strings.Contains(flags, "i") {
			pat = "(?i)" + pat
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			return nil, pgerror.New(pgerror.InvalidRegularExpression, "invalid regular expression: %v", err)
		}
		return &jpPred{op: "like_regex", a: a, re: re}, nil
	case p.word("starts"):
		p.ws()
		if !p.word("with") {
			return nil, jsonpathErr(p.src)
		}
		b, err := p.chain()
		if err != nil {
			return nil, err
		}
		return &jpPred{op: "starts", a: a, b: b}, nil
	}
	op := p.cmpOp()
	if op == "" {
		return nil, jsonpathErr(p.src)
	}
	b, err := p.chain()
	if err != nil {
		return nil, err
	}
	return &jpPred{op: "cmp", a: a, b: b, cmp: op}, nil
}

// jpEval evaluates a path on doc, returning the sequence of items.
type jpEval struct {
	strict bool
}

func (e *jpEval) node(n *jpNode, root, cur any) ([]any, error) {
	var items []any
	switch n.kind {
	case '$':
		items = []any{root}
	case '@':
		items = []any{cur}
	default:
		return []any{n.literal}, nil
	}
	for _, st := range n.steps {
		var next []any
		for _, it := range items {
			out, err := e.step(st, it, root)
			if err != nil {
				return nil, err
			}
			next = append(next, out...)
		}
		items = next
	}
	return items, nil
}

func (e *jpEval) step(st jpStep, it any, root any) ([]any, error) {
	switch st.kind {
	case '.':
		switch x := it.(type) {
		case *types.JSONObject:
			if v, ok := x.Get(st.key); ok {
				return []any{v}, nil
			}
			if e.strict {
				return nil, pgerror.New(pgerror.SQLJSONObjectNotFound, "JSON object does not contain key %q", st.key)
			}
			return nil, nil
		case []any:
			if e.strict {
				return nil, pgerror.New(pgerror.SQLJSONMemberNotFound, "jsonpath member accessor can only be applied to an object")
			}
			var out []any
			for _, el := range x {
				r, err := e.step(st, el, root)
				if err != nil {
					return nil, err
				}
				out = append(out, r...)
			}
			return out, nil
		}
		if e.strict {
			return nil, pgerror.New(pgerror.SQLJSONMemberNotFound, "jsonpath member accessor can only be applied to an object")
		}
		return nil, nil
	case '*':
		if x, ok := it.(*types.JSONObject); ok {
			return append([]any(nil), x.Vals...), nil
		}
		if x, ok := it.([]any); ok && !e.strict {
			var out []any
			for _, el := range x {
				if o, ok := el.(*types.JSONObject); ok {
					out = append(out, o.Vals...)
				}
			}
			return out, nil
		}
		return nil, nil
	case 'a':
		if x, ok := it.([]any); ok {
			return append([]any(nil), x...), nil
		}
		if e.strict {
			return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath wildcard array accessor can only be applied to an array")
		}
		return []any{it}, nil
	case '[':
		arr, ok := it.([]any)
		if !ok {
			if e.strict {
				return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath array accessor can only be applied to an array")
			}
			arr = []any{it}
		}
		var out []any
		for _, s := range st.subs {
			from, to := jpResolve(s[0], len(arr)), jpResolve(s[1], len(arr))
			for i := from; i <= to; i++ {
				if i < 0 || i >= len(arr) {
					if e.strict {
						return nil, pgerror.New(pgerror.InvalidSQLJSONSubscript, "jsonpath array subscript is out of bounds")
					}
					continue
				}
				out = append(out, arr[i])
			}
		}
		return out, nil
	case '?':
		cands := []any{it}
		if x, ok := it.([]any); ok && !e.strict {
			cands = x
		}
		var out []any
		for _, c := range cands {
			ok, err := e.pred(st.pred, root, c)
			if err != nil {
				return nil, err
			}
			if ok == jpTrue {
				out = append(out, c)
			}
		}
		return out, nil
	case 'm':
		switch st.method {
		case "size":
			if x, ok := it.([]any); ok {
				return []any{decimal.NewFromInt(int64(len(x)))}, nil
			}
			if e.strict {
				return nil, pgerror.New(pgerror.SQLJSONArrayNotFound, "jsonpath item method .size() can only be applied to an array")
			}
			return []any{decimal.NewFromInt(1)}, nil
		case "type":
			return []any{jsonPathType(it)}, nil
		}
	}
	return nil, nil
}

func jpResolve(ix jpIndex, n int) int {
	if ix.last {
		return n - 1 - ix.n
	}
	return ix.n
}

func jsonPathType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case decimal.Decimal:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

type jpBool uint8

const (
	jpFalse jpBool = iota
	jpTrue
	jpUnknown
)

func (e *jpEval) pred(p *jpPred, root, cur any) (jpBool, error) {
	switch p.op {
	case "&&":
		l, err := e.pred(p.left, root, cur)
		if err != nil || l == jpFalse {
			return jpFalse, err
		}
		r, err := e.pred(p.right, root, cur)
		if err != nil {
			return jpFalse, err
		}
		if l == jpTrue && r == jpTrue {
			return jpTrue, nil
		}
		if r == jpFalse {
			return jpFalse, nil
		}
		return jpUnknown, nil
	case "||":
		l, err := e.pred(p.left, root, cur)
		if err != nil || l == jpTrue {
			return jpTrue, err
		}
		r, err := e.pred(p.right, root, cur)
		if err != nil {
			return jpFalse, err
		}
		if r == jpTrue {
			return jpTrue, nil
		}
		if l == jpUnknown || r == jpUnknown {
			return jpUnknown, nil
		}
		return jpFalse, nil
	case "!":
		v, err := e.pred(p.left, root, cur)
		switch {
		case err != nil:
			return jpFalse, err
		case v == jpUnknown:
			return jpUnknown, nil
		case v == jpTrue:
			return jpFalse, nil
		}
		return jpTrue, nil
	case "exists":
		items, err := e.node(p.a, root, cur)
		if err != nil {
			return jpUnknown, nil
		}
		if len(items) > 0 {
			return jpTrue, nil
		}
		return jpFalse, nil
	}
	left, err := e.node(p.a, root, cur)
	if err != nil {
		return jpUnknown, nil
	}
	left = e.unwrap(left)
	var right []any
	if p.b != nil {
		if right, err = e.node(p.b, root, cur); err != nil {
			return jpUnknown, nil
		}
		right = e.unwrap(right)
	}
	found, unknown := false, false
	for _, l := range left {
		switch p.op {
		case "like_regex":
			s, ok := l.(string)
			if !ok {
				unknown = true
				continue
			}
			if p.re.MatchString(s) {
				found = true
			}
		case "starts":
			for _, r := range right {
				ls, ok1 := l.(string)
				rs, ok2 := r.(string)
				if !ok1 || !ok2 {
					unknown = true
					continue
				}
				if strings.HasPrefix(ls, rs) {
					found = true
				}
			}
		default:
			for _, r := range right {
				if l == nil || r == nil {
					// null equals only null and is not ordered
					eq := l == nil && r == nil
					if p.cmp == "==" && eq || (p.cmp == "!=" || p.cmp == "<>") && !eq {
						found = true
					}
					continue
				}
				c, ok := jpCompare(l, r)
				if !ok {
					unknown = true
					continue
				}
				if compareOps[jpOps[p.cmp]](c) {
					found = true
				}
			}
		}
	}
	switch {
	case found:
		return jpTrue, nil
	case unknown:
		return jpUnknown, nil
	}
	return jpFalse, nil
}

// unwrap is lax mode's automatic unwrapping of arrays in comparisons.
func (e *jpEval) unwrap(items []any) []any {
	if e.strict {
		return items
	}
	var out []any
	for _, it := range items {
		if a, ok := it.([]any); ok {
			out = append(out, a...)
			continue
		}
		out = append(out, it)
	}
	return out
}

var jpOps = map[string]string{"==": "=", "!=": "<>", "<>": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

// jpCompare orders two scalar JSON items of the same kind.
func jpCompare(a, b any) (int, bool) {
	switch x := a.(type) {
	case bool:
		y, ok := b.(bool)
		if !ok {
			return 0, false
		}
		switch {
		case x == y:
			return 0, true
		case !x:
			return -1, true
		}
		return 1, true
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		if !ok {
			return 0, false
		}
		return x.Cmp(y), true
	case string:
		y, ok := b.(string)
		if !ok {
			return 0, false
		}
		return strings.Compare(x, y), true
	}
	return 0, false
}

func init() {
	J, T := types.JSONB, types.Text
	run := func(a []any) (*jpPath, []any, error) {
		path, err := parseJSONPath(a[1].(string))
		if err != nil {
			return nil, nil, err
		}
		doc := a[0].(types.JSONDoc).V
		if path.pred != nil {
			return path, nil, nil
		}
		e := &jpEval{strict: path.strict}
		items, err := e.node(path.root, doc, doc)
		return path, items, err
	}
	match := func(a []any) (any, error) {
		path, err := parseJSONPath(a[1].(string))
		if err != nil {
			return nil, err
		}
		doc := a[0].(types.JSONDoc).V
		e := &jpEval{strict: path.strict}
		if path.pred != nil {
			v, err := e.pred(path.pred, doc, doc)
			if err != nil || v == jpUnknown {
				return nil, err
			}
			return v == jpTrue, nil
		}
		items, err := e.node(path.root, doc, doc)
		if err != nil {
			return nil, err
		}
		if len(items) == 1 {
			if b, ok := items[0].(bool); ok {
				return b, nil
			}
			if items[0] == nil {
				return nil, nil
			}
		}
		return nil, pgerror.New(pgerror.SingletonSQLJSONItemRequired, "single boolean result is expected")
	}
	exists := func(a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			return true, nil
		}
		return len(items) > 0, nil
	}
	fn := func(name string, res *types.Type, f func(a []any) (any, error)) {
		AddFunc(name, FuncImpl{Args: []*types.Type{J, T}, Result: Fixed(res), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(a) }})
	}
	fn("jsonb_path_query_array", J, func(a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			return types.JSONDoc{V: []any{v}}, nil
		}
		if items == nil {
			items = []any{}
		}
		return types.JSONDoc{V: items}, nil
	})
	fn("jsonb_path_query_first", J, func(a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			return types.JSONDoc{V: v}, nil
		}
		if len(items) == 0 {
			return nil, nil
		}
		return types.JSONDoc{V: items[0]}, nil
	})
	fn("jsonb_path_exists", types.Bool, exists)
	fn("jsonb_path_match", types.Bool, match)
	addOp("@?", J, T, types.Bool, func(_ *types.Env, x, y any) (any, error) { return exists([]any{x, y}) })
	addOp("@@", J, T, types.Bool, func(_ *types.Env, x, y any) (any, error) { return match([]any{x, y}) })
	addSRF("jsonb_path_query", FuncImpl{Args: []*types.Type{J, T}, Result: Fixed(J), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		path, items, err := run(a)
		if err != nil {
			return nil, err
		}
		if path.pred != nil {
			v, _ := match(a)
			items = []any{v}
		}
		rows := make(srfRows, len(items))
		for i, it := range items {
			rows[i] = []any{types.JSONDoc{V: it}}
		}
		return rows, nil
	}})
}
