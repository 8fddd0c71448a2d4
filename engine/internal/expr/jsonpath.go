package expr

import (
	"regexp"

	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
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
	kind byte // '.' member, '*' wildcard member, 'R' .** any level, '[' subscripts, 'a' [*], '?' filter, 'm' method
	key  string
	// levels are .**{first to last}'s bounds (-1: last)
	levels   [2]int
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
	start := p.i
	n, err := p.chain()
	if p.ws(); err == nil && p.i == len(p.s) {
		path.root = n
		return path, nil
	}
	// a predicate expression at the top: $.a > 1, exists(...), !(...),
	// $.a > 1 && $.b < 2
	p.i = start
	pred, perr := p.predOr()
	if perr != nil {
		if err != nil {
			return nil, err
		}
		return nil, perr
	}
	if p.ws(); p.i < len(p.s) {
		return nil, jsonpathErr(src)
	}
	path.pred = pred
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
			case strings.HasPrefix(p.s[p.i:], "**"):
				p.i += 2
				st, err := p.anyLevels()
				if err != nil {
					return nil, err
				}
				n.steps = append(n.steps, st)
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

// anyLevels reads the optional {n}, {n to m} or {n to last} after .**.
func (p *jpParser) anyLevels() (jpStep, error) {
	st := jpStep{kind: 'R', levels: [2]int{0, -1}}
	p.ws()
	if !strings.HasPrefix(p.s[p.i:], "{") {
		return st, nil
	}
	p.i++
	level := func() (int, error) {
		p.ws()
		if p.word("last") {
			return -1, nil
		}
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(p.s[p.i:j])
		if err != nil {
			return 0, jsonpathErr(p.src)
		}
		p.i = j
		return n, nil
	}
	first, err := level()
	if err != nil {
		return st, err
	}
	last := first
	p.ws()
	if p.word("to") {
		if last, err = level(); err != nil {
			return st, err
		}
	}
	p.ws()
	if !strings.HasPrefix(p.s[p.i:], "}") {
		return st, jsonpathErr(p.src)
	}
	p.i++
	st.levels = [2]int{first, last}
	return st, nil
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

func (p *jpParser) predOr() (*jpPred, error)  { return p.predChain("||", p.predAnd) }
func (p *jpParser) predAnd() (*jpPred, error) { return p.predChain("&&", p.predNot) }

// predChain parses next (op next)*, left-associative.
func (p *jpParser) predChain(op string, next func() (*jpPred, error)) (*jpPred, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for p.ws(); strings.HasPrefix(p.s[p.i:], op); p.ws() {
		p.i += len(op)
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = &jpPred{op: op, left: l, right: r}
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
