package types

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TSQueryNode is one node of a parsed tsquery: an operand (Word set) or
// an operator ('!', '&', '|', or '<' for the phrase operator <Dist>).
type TSQueryNode struct {
	Op          byte
	Dist        int
	Left, Right *TSQueryNode // '!' uses Right
	Word        string
	Prefix      bool
	Weights     uint8 // bit 3 = A … bit 0 = D
}

func tsPriority(op byte) int {
	switch op {
	case '!':
		return 4
	case '<':
		return 3
	case '&':
		return 2
	case '|':
		return 1
	}
	return 5
}

// ParseTSQuery is tsqueryin followed by tsqueryout.
func ParseTSQuery(s string) (string, error) {
	q, err := TSQueryOf(s, nil)
	if err != nil {
		return "", err
	}
	return FormatTSQuery(q), nil
}

// TSQueryOf parses tsquery syntax; norm, when set, normalises each
// operand (to_tsquery's configuration step). An empty query is nil.
func TSQueryOf(s string, norm func(string) string) (*TSQueryNode, error) {
	return tsQueryOf(s, norm, nil)
}

// tsQueryOf is TSQueryOf whose morph, when set, replaces each operand
// with the subtree the configuration makes of it (nil: a stop word).
func tsQueryOf(s string, norm func(string) string, morph func(*TSQueryNode) *TSQueryNode) (*TSQueryNode, error) {
	p := &tsqParser{s: s, norm: norm, morph: morph}
	if p.skipSpace(); p.i >= len(p.s) {
		return nil, nil
	}
	n, err := p.parseOr()
	if err != nil {
		return nil, err
	}
	if p.skipSpace(); p.i < len(p.s) {
		return nil, p.syntax()
	}
	return n, nil
}

type tsqParser struct {
	s     string
	i     int
	norm  func(string) string
	morph func(*TSQueryNode) *TSQueryNode
}

func (p *tsqParser) syntax() error {
	return pgerror.New(pgerror.SyntaxError, "syntax error in tsquery: %q", p.s)
}

func (p *tsqParser) skipSpace() {
	for p.i < len(p.s) && isSpaceByte(p.s[p.i]) {
		p.i++
	}
}

func (p *tsqParser) parseOr() (*TSQueryNode, error) {
	l, err := p.parseAnd()
	if err != nil {
		return nil, err
	}
	for p.skipSpace(); p.i < len(p.s) && p.s[p.i] == '|'; p.skipSpace() {
		p.i++
		r, err := p.parseAnd()
		if err != nil {
			return nil, err
		}
		l = &TSQueryNode{Op: '|', Left: l, Right: r}
	}
	return l, nil
}

func (p *tsqParser) parseAnd() (*TSQueryNode, error) {
	l, err := p.parsePhrase()
	if err != nil {
		return nil, err
	}
	for p.skipSpace(); p.i < len(p.s) && p.s[p.i] == '&'; p.skipSpace() {
		p.i++
		r, err := p.parsePhrase()
		if err != nil {
			return nil, err
		}
		l = &TSQueryNode{Op: '&', Left: l, Right: r}
	}
	return l, nil
}

func (p *tsqParser) parsePhrase() (*TSQueryNode, error) {
	l, err := p.parseNot()
	if err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '<' {
			return l, nil
		}
		end := strings.IndexByte(p.s[p.i:], '>')
		if end < 0 {
			return nil, p.syntax()
		}
		inner := p.s[p.i+1 : p.i+end]
		dist := 1
		if inner != "-" {
			n, err := strconv.Atoi(inner)
			if err != nil || n < 0 || n > tsMaxPos {
				return nil, p.syntax()
			}
			dist = n
		}
		p.i += end + 1
		r, err := p.parseNot()
		if err != nil {
			return nil, err
		}
		l = &TSQueryNode{Op: '<', Dist: dist, Left: l, Right: r}
	}
}

func (p *tsqParser) parseNot() (*TSQueryNode, error) {
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, pgerror.New(pgerror.SyntaxError, "no operand in tsquery: %q", p.s)
	}
	switch p.s[p.i] {
	case '!':
		p.i++
		r, err := p.parseNot()
		if err != nil {
			return nil, err
		}
		return &TSQueryNode{Op: '!', Right: r}, nil
	case '(':
		p.i++
		n, err := p.parseOr()
		if err != nil {
			return nil, err
		}
		if p.skipSpace(); p.i >= len(p.s) || p.s[p.i] != ')' {
			return nil, p.syntax()
		}
		p.i++
		return n, nil
	case '&', '|', ')', '<':
		return nil, p.syntax()
	}
	return p.parseOperand()
}

func (p *tsqParser) parseOperand() (*TSQueryNode, error) {
	var w strings.Builder
	if p.s[p.i] == '\'' {
		p.i++
		closed := false
		for p.i < len(p.s) {
			c := p.s[p.i]
			if c == '\\' && p.i+1 < len(p.s) {
				w.WriteByte(p.s[p.i+1])
				p.i += 2
				continue
			}
			if c == '\'' {
				if p.i+1 < len(p.s) && p.s[p.i+1] == '\'' {
					w.WriteByte('\'')
					p.i += 2
					continue
				}
				p.i++
				closed = true
				break
			}
			w.WriteByte(c)
			p.i++
		}
		if !closed {
			return nil, p.syntax()
		}
	} else {
		for p.i < len(p.s) && !isSpaceByte(p.s[p.i]) && !strings.ContainsRune("&|!()<:", rune(p.s[p.i])) {
			if p.s[p.i] == '\\' && p.i+1 < len(p.s) {
				p.i++
			}
			w.WriteByte(p.s[p.i])
			p.i++
		}
	}
	n := &TSQueryNode{Word: w.String()}
	if p.i < len(p.s) && p.s[p.i] == ':' {
		p.i++
		for p.i < len(p.s) {
			switch unicode.ToUpper(rune(p.s[p.i])) {
			case '*':
				n.Prefix = true
			case 'A':
				n.Weights |= 8
			case 'B':
				n.Weights |= 4
			case 'C':
				n.Weights |= 2
			case 'D':
				n.Weights |= 1
			default:
				goto done
			}
			p.i++
		}
	done:
	}
	if p.norm != nil {
		n.Word = p.norm(n.Word)
	}
	if p.morph != nil {
		if m := p.morph(n); m != nil {
			return m, nil
		}
		n.Word = tsStopMarker
	}
	if n.Word == "" {
		return nil, p.syntax()
	}
	return n, nil
}

// FormatTSQuery is tsqueryout.
func FormatTSQuery(n *TSQueryNode) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	tsqInfix(&b, n, -1, false)
	return b.String()
}

func tsqInfix(b *strings.Builder, n *TSQueryNode, parent int, rightPhrase bool) {
	if n.Op == 0 {
		writeTSWord(b, n.Word)
		if n.Prefix || n.Weights != 0 {
			b.WriteByte(':')
			if n.Prefix {
				b.WriteByte('*')
			}
			for i, c := range "ABCD" {
				if n.Weights&(8>>i) != 0 {
					b.WriteRune(c)
				}
			}
		}
		return
	}
	pr := tsPriority(n.Op)
	paren := pr < parent || n.Op == '<' && rightPhrase
	if paren {
		b.WriteString("( ")
	}
	if n.Op == '!' {
		b.WriteByte('!')
		tsqInfix(b, n.Right, pr, false)
	} else {
		tsqInfix(b, n.Left, pr, false)
		switch n.Op {
		case '&':
			b.WriteString(" & ")
		case '|':
			b.WriteString(" | ")
		case '<':
			if n.Dist == 1 {
				b.WriteString(" <-> ")
			} else {
				b.WriteString(" <" + strconv.Itoa(n.Dist) + "> ")
			}
		}
		tsqInfix(b, n.Right, pr, n.Op == '<')
	}
	if paren {
		b.WriteString(" )")
	}
}

// TSMatch is tsvector @@ tsquery.
func TSMatch(v TSVectorVal, q *TSQueryNode) bool {
	if q == nil {
		return false
	}
	ok, _ := tsEval(v, q)
	return ok
}

// tsEval evaluates q on v, returning whether it matches and, for phrase
// matching, the positions at which it matches (nil when not positional).
func tsEval(v TSVectorVal, q *TSQueryNode) (bool, []int) {
	switch q.Op {
	case 0:
		var pos []int
		found := false
		for _, lx := range tsLexemes(v, q) {
			for _, p := range lx.Pos {
				if q.Weights == 0 || q.Weights&(1<<tsWeight(p)) != 0 {
					pos = append(pos, int(tsPos(p)))
					found = true
				}
			}
			if len(lx.Pos) == 0 && q.Weights == 0 {
				found = true
			}
		}
		return found, pos
	case '!':
		ok, _ := tsEval(v, q.Right)
		return !ok, nil
	case '&':
		l, lp := tsEval(v, q.Left)
		if !l {
			return false, nil
		}
		r, rp := tsEval(v, q.Right)
		return r, append(lp, rp...)
	case '|':
		l, lp := tsEval(v, q.Left)
		r, rp := tsEval(v, q.Right)
		return l || r, append(lp, rp...)
	}
	l, lp := tsEval(v, q.Left)
	r, rp := tsEval(v, q.Right)
	if !l || !r {
		return false, nil
	}
	have := map[int]bool{}
	for _, p := range lp {
		have[p] = true
	}
	var out []int
	for _, p := range rp {
		if have[p-q.Dist] {
			out = append(out, p)
		}
	}
	return len(out) > 0, out
}

func tsLexemes(v TSVectorVal, q *TSQueryNode) []Lexeme {
	if !q.Prefix {
		if lx := v.Find(q.Word); lx != nil {
			return []Lexeme{*lx}
		}
		return nil
	}
	var out []Lexeme
	for _, lx := range v {
		if strings.HasPrefix(lx.Word, q.Word) {
			out = append(out, lx)
		}
	}
	return out
}
