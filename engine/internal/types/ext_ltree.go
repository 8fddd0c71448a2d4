package types

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// The ltree contrib module's types (PostgreSQL docs F.23): ltree, a path
// of labels (letters, digits, underscores) separated by dots; lquery, a
// pattern over paths; ltxtquery, a boolean expression over labels.
// Labels are at most 255 characters, paths at most 65535 labels. ltree
// orders label by label (bytewise, a prefix first), then the shorter
// path first. lquery and ltxtquery have no ordering beyond their text.
// Their binary forms are a version byte 1 and the text form, as
// PostgreSQL 15's ltree_send writes them.

const (
	ltreeLabelMax = 255
	ltreeLevelMax = 65535
)

// Ltree is a value of type ltree.
type Ltree struct{ Labels []string }

// String is the text form.
func (l *Ltree) String() string { return strings.Join(l.Labels, ".") }

func isLabelRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func labelTooLong(n, at int) error {
	return pgerror.New(pgerror.NameTooLong, "label string is too long").
		WithDetail("Label length is %d, must be at most %d, at character %d.", n, ltreeLabelMax, at)
}

// ParseLtree reads ltree's text form as ltree_in does; character
// positions in errors count from 1.
func ParseLtree(s string) (*Ltree, error) {
	l := &Ltree{}
	if s == "" {
		return l, nil
	}
	var label strings.Builder
	n, pos := 0, 0 // label length and position, in characters
	for _, r := range s {
		pos++
		switch {
		case isLabelRune(r):
			label.WriteRune(r)
			n++
		case r == '.' && n > 0:
			if n > ltreeLabelMax {
				return nil, labelTooLong(n, pos)
			}
			l.Labels = append(l.Labels, label.String())
			label.Reset()
			n = 0
		default:
			return nil, pgerror.New(pgerror.SyntaxError, "ltree syntax error at character %d", pos)
		}
	}
	if n == 0 {
		return nil, pgerror.New(pgerror.SyntaxError, "ltree syntax error").WithDetail("Unexpected end of input.")
	}
	if n > ltreeLabelMax {
		return nil, labelTooLong(n, pos+1)
	}
	l.Labels = append(l.Labels, label.String())
	if len(l.Labels) > ltreeLevelMax {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "number of ltree labels (%d) exceeds the maximum allowed (%d)", len(l.Labels), ltreeLevelMax)
	}
	return l, nil
}

// NewLtree builds an ltree from labels, checking the level limit.
func NewLtree(labels []string) (*Ltree, error) {
	if len(labels) > ltreeLevelMax {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "number of ltree labels (%d) exceeds the maximum allowed (%d)", len(labels), ltreeLevelMax)
	}
	return &Ltree{Labels: labels}, nil
}

// CompareLtree is ltree's btree order.
func CompareLtree(a, b *Ltree) int {
	for i := 0; i < len(a.Labels) && i < len(b.Labels); i++ {
		x, y := a.Labels[i], b.Labels[i]
		m := min(len(x), len(y))
		if c := strings.Compare(x[:m], y[:m]); c != 0 {
			return c
		}
		if c := cmpInt(len(x), len(y)); c != 0 {
			return c
		}
	}
	return cmpInt(len(a.Labels), len(b.Labels))
}

// LqVar is one label alternative of an lquery level or an ltxtquery
// operand, with its modifiers: @ (case-insensitive), * (prefix), %
// (underscore-separated words).
type LqVar struct {
	Name                 string
	InCase, AnyEnd, Word bool
}

// Match reports whether label matches the variant.
func (v LqVar) Match(label string) bool {
	if v.Word {
		lw := strings.Split(label, "_")
		for _, qw := range strings.Split(v.Name, "_") {
			found := false
			for _, w := range lw {
				if (LqVar{Name: qw, InCase: v.InCase, AnyEnd: v.AnyEnd}).Match(w) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	name, l := v.Name, label
	if v.InCase {
		name, l = strings.ToLower(name), strings.ToLower(l)
	}
	if v.AnyEnd {
		return strings.HasPrefix(l, name)
	}
	return l == name
}

func (v LqVar) write(b *strings.Builder, order string) {
	b.WriteString(v.Name)
	for _, f := range order {
		switch {
		case f == '@' && v.InCase, f == '*' && v.AnyEnd, f == '%' && v.Word:
			b.WriteRune(f)
		}
	}
}

// LqLevel is one level of an lquery: * or alternatives (negated with
// !), repeated Low..High times.
type LqLevel struct {
	Star, Neg bool
	// Counted marks a level written with {...}, which prints it even
	// when it is {1}.
	Counted   bool
	Vars      []LqVar
	Low, High int
}

func (l LqLevel) matches(label string) bool {
	if l.Star {
		return true
	}
	for _, v := range l.Vars {
		if v.Match(label) {
			return !l.Neg
		}
	}
	return l.Neg
}

// Lquery is a value of type lquery.
type Lquery struct{ Levels []LqLevel }

// String is the text form.
func (q *Lquery) String() string {
	var b strings.Builder
	for i, l := range q.Levels {
		if i > 0 {
			b.WriteByte('.')
		}
		if l.Star {
			b.WriteByte('*')
		} else {
			if l.Neg {
				b.WriteByte('!')
			}
			for j, v := range l.Vars {
				if j > 0 {
					b.WriteByte('|')
				}
				v.write(&b, "@*%")
			}
		}
		switch {
		case !l.Star && !l.Counted:
		case l.Low == l.High:
			b.WriteString("{" + itoa(l.Low) + "}")
		case l.Low == 0 && l.High == ltreeLevelMax:
			if !l.Star {
				b.WriteString("{,}")
			}
		case l.High == ltreeLevelMax:
			b.WriteString("{" + itoa(l.Low) + ",}")
		case l.Low == 0:
			b.WriteString("{," + itoa(l.High) + "}")
		default:
			b.WriteString("{" + itoa(l.Low) + "," + itoa(l.High) + "}")
		}
	}
	return b.String()
}

func itoa(n int) string { return formatInt(int64(n)) }

func formatInt(n int64) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// Match reports whether path matches the lquery: a dynamic programme
// over (level, label) from the last level back, each level's repeat
// window answered with prefix sums, so time is O(levels × labels)
// whatever the quantifiers.
func (q *Lquery) Match(path *Ltree) bool {
	nl := len(path.Labels)
	next := make([]bool, nl+1) // next[li]: levels after this one match labels[li:]
	next[nl] = true
	cur := make([]bool, nl+1)
	sum := make([]int, nl+2) // sum[k]: trues in next[k:]
	run := make([]int, nl+1) // run[li]: labels from li on that match the level
	for qi := len(q.Levels) - 1; qi >= 0; qi-- {
		lv := q.Levels[qi]
		sum[nl+1] = 0
		for k := nl; k >= 0; k-- {
			sum[k] = sum[k+1]
			if next[k] {
				sum[k]++
			}
		}
		run[nl] = 0
		for li := nl - 1; li >= 0; li-- {
			run[li] = 0
			if lv.matches(path.Labels[li]) {
				run[li] = run[li+1] + 1
			}
		}
		for li := 0; li <= nl; li++ {
			hi := min(lv.High, run[li])
			cur[li] = lv.Low <= hi && sum[li+lv.Low]-sum[li+hi+1] > 0
		}
		next, cur = cur, next
	}
	return next[0]
}

func lquerySyntax(detail string, a ...any) error {
	e := pgerror.New(pgerror.SyntaxError, "lquery syntax error")
	if detail != "" {
		e = e.WithDetail(detail, a...)
	}
	return e
}

func lquerySyntaxAt(pos int) *pgerror.Error {
	return pgerror.New(pgerror.SyntaxError, "lquery syntax error at character %d", pos)
}

// ParseLquery reads lquery's text form as lquery_in does.
func ParseLquery(s string) (*Lquery, error) {
	rs := []rune(s)
	q := &Lquery{}
	i := 0
	end := func() error { return lquerySyntax("Unexpected end of input.") }
	if len(rs) == 0 {
		return nil, end()
	}
	for {
		lv := LqLevel{Low: 1, High: 1}
		if i < len(rs) && rs[i] == '*' {
			lv.Star, lv.Low, lv.High = true, 0, ltreeLevelMax
			i++
		} else {
			if i < len(rs) && rs[i] == '!' {
				lv.Neg = true
				i++
			}
			for {
				start := i
				for i < len(rs) && isLabelRune(rs[i]) {
					i++
				}
				if i == start {
					if i >= len(rs) {
						if lv.Neg && len(lv.Vars) == 0 {
							return nil, lquerySyntaxAt(i + 1).WithDetail("Empty labels are not allowed.")
						}
						return nil, end()
					}
					return nil, lquerySyntaxAt(i + 1)
				}
				if i-start > ltreeLabelMax {
					return nil, labelTooLong(i-start, i+1)
				}
				v := LqVar{Name: string(rs[start:i])}
				for i < len(rs) && (rs[i] == '@' || rs[i] == '*' || rs[i] == '%') {
					switch rs[i] {
					case '@':
						v.InCase = true
					case '*':
						v.AnyEnd = true
					case '%':
						v.Word = true
					}
					i++
				}
				lv.Vars = append(lv.Vars, v)
				if i < len(rs) && rs[i] == '|' {
					i++
					continue
				}
				break
			}
		}
		if i < len(rs) && rs[i] == '{' {
			var err error
			if i, err = parseLqBounds(rs, i+1, &lv); err != nil {
				return nil, err
			}
		}
		q.Levels = append(q.Levels, lv)
		if len(q.Levels) > ltreeLevelMax {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "number of lquery items (%d) exceeds the maximum allowed (%d)", len(q.Levels), ltreeLevelMax)
		}
		if i >= len(rs) {
			return q, nil
		}
		if rs[i] != '.' {
			return nil, lquerySyntaxAt(i + 1)
		}
		i++
		if i >= len(rs) {
			return nil, end()
		}
	}
}

// parseLqBounds reads n}, n,}, ,m}, n,m} or ,} after a '{'.
func parseLqBounds(rs []rune, i int, lv *LqLevel) (int, error) {
	num := func() (int, bool, error) {
		start := i
		n := 0
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			n = n*10 + int(rs[i]-'0')
			if n > ltreeLevelMax {
				n = ltreeLevelMax + 1
			}
			i++
		}
		return n, i > start, nil
	}
	low, hasLow, _ := num()
	if hasLow && low > ltreeLevelMax {
		return 0, pgerror.New(pgerror.ProgramLimitExceeded, "lquery syntax error").
			WithDetail("Low limit (%d) exceeds the maximum allowed (%d), at character %d.", low, ltreeLevelMax, i)
	}
	if i >= len(rs) {
		return 0, lquerySyntax("Unexpected end of input.")
	}
	high := low
	switch rs[i] {
	case '}':
		if !hasLow {
			return 0, lquerySyntaxAt(i + 1)
		}
	case ',':
		i++
		var hasHigh bool
		high, hasHigh, _ = num()
		if !hasHigh {
			high = ltreeLevelMax
		} else if high > ltreeLevelMax {
			return 0, pgerror.New(pgerror.ProgramLimitExceeded, "lquery syntax error").
				WithDetail("High limit (%d) exceeds the maximum allowed (%d), at character %d.", high, ltreeLevelMax, i)
		}
		if i >= len(rs) {
			return 0, lquerySyntax("Unexpected end of input.")
		}
		if rs[i] != '}' {
			return 0, lquerySyntaxAt(i + 1)
		}
		if low > high {
			return 0, lquerySyntax("Low limit (%d) is greater than high limit (%d), at character %d.", low, high, i+1)
		}
	default:
		return 0, lquerySyntaxAt(i + 1)
	}
	lv.Low, lv.High, lv.Counted = low, high, true
	return i + 1, nil
}

// LtxtNode is a node of an ltxtquery: an operand (Op 0) or !, &, |.
type LtxtNode struct {
	Op          byte
	Var         LqVar
	Left, Right *LtxtNode
}

// Ltxtquery is a value of type ltxtquery.
type Ltxtquery struct{ Root *LtxtNode }

// String is the text form.
func (q *Ltxtquery) String() string {
	var b strings.Builder
	q.Root.write(&b, true)
	return b.String()
}

func (n *LtxtNode) write(b *strings.Builder, top bool) {
	switch n.Op {
	case 0:
		n.Var.write(b, "%@*")
	case '!':
		b.WriteByte('!')
		if n.Left.Op == '&' || n.Left.Op == '|' {
			b.WriteString("( ")
			n.Left.write(b, true)
			b.WriteString(" )")
			return
		}
		n.Left.write(b, false)
	default:
		paren := n.Op == '|' && !top
		if paren {
			b.WriteString("( ")
		}
		n.Left.write(b, false)
		b.WriteString(" " + string(n.Op) + " ")
		n.Right.write(b, false)
		if paren {
			b.WriteString(" )")
		}
	}
}

// Match reports whether some label of path satisfies the query.
func (q *Ltxtquery) Match(path *Ltree) bool { return q.Root.eval(path) }

func (n *LtxtNode) eval(path *Ltree) bool {
	switch n.Op {
	case 0:
		for _, l := range path.Labels {
			if n.Var.Match(l) {
				return true
			}
		}
		return false
	case '!':
		return !n.Left.eval(path)
	case '&':
		return n.Left.eval(path) && n.Right.eval(path)
	}
	return n.Left.eval(path) || n.Right.eval(path)
}

type ltxtParser struct {
	rs    []rune
	i     int
	depth int
}

func ltxtSyntax() error { return pgerror.New(pgerror.SyntaxError, "syntax error") }

func (p *ltxtParser) skip() {
	for p.i < len(p.rs) && unicode.IsSpace(p.rs[p.i]) {
		p.i++
	}
}

// ParseLtxtquery reads ltxtquery's text form: operands with modifiers,
// ! binding tightest, then &, then |, and parentheses.
func ParseLtxtquery(s string) (*Ltxtquery, error) {
	p := &ltxtParser{rs: []rune(s)}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.i < len(p.rs) {
		return nil, ltxtSyntax()
	}
	return &Ltxtquery{Root: n}, nil
}

func (p *ltxtParser) or() (*LtxtNode, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.skip(); p.i < len(p.rs) && p.rs[p.i] == '|'; p.skip() {
		p.i++
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = &LtxtNode{Op: '|', Left: l, Right: r}
	}
	return l, nil
}

func (p *ltxtParser) and() (*LtxtNode, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.skip(); p.i < len(p.rs) && p.rs[p.i] == '&'; p.skip() {
		p.i++
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &LtxtNode{Op: '&', Left: l, Right: r}
	}
	return l, nil
}

func (p *ltxtParser) unary() (*LtxtNode, error) {
	p.skip()
	if p.i >= len(p.rs) {
		return nil, pgerror.New(pgerror.SyntaxError, "operand syntax error")
	}
	switch p.rs[p.i] {
	case '!':
		p.i++
		n, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &LtxtNode{Op: '!', Left: n}, nil
	case '(':
		if p.depth++; p.depth > 1000 {
			return nil, pgerror.New("54001", "ltxtquery is too complex")
		}
		p.i++
		n, err := p.or()
		if err != nil {
			return nil, err
		}
		p.skip()
		if p.i >= len(p.rs) || p.rs[p.i] != ')' {
			return nil, ltxtSyntax()
		}
		p.i++
		p.depth--
		return n, nil
	}
	start := p.i
	for p.i < len(p.rs) && isLabelRune(p.rs[p.i]) {
		p.i++
	}
	if p.i == start {
		return nil, pgerror.New(pgerror.SyntaxError, "operand syntax error")
	}
	if p.i-start > ltreeLabelMax {
		return nil, pgerror.New(pgerror.NameTooLong, "word is too long")
	}
	v := LqVar{Name: string(p.rs[start:p.i])}
	for p.i < len(p.rs) && (p.rs[p.i] == '@' || p.rs[p.i] == '*' || p.rs[p.i] == '%') {
		switch p.rs[p.i] {
		case '@':
			v.InCase = true
		case '*':
			v.AnyEnd = true
		case '%':
			v.Word = true
		}
		p.i++
	}
	return &LtxtNode{Var: v}, nil
}

// ltreeFamily is the ExtBase of the three types: text I/O, a binary
// form of version 1 plus the text, and ordering (ltree's own; the
// queries by text).
type ltreeFamily struct {
	name  string
	parse func(string) (any, error)
}

func (f ltreeFamily) Input(s string, _ int32) (any, error) { return f.parse(s) }
func (f ltreeFamily) Output(v any) string                  { return v.(interface{ String() string }).String() }
func (f ltreeFamily) AppendSend(buf []byte, v any) ([]byte, error) {
	return append(append(buf, 1), f.Output(v)...), nil
}
func (f ltreeFamily) Receive(b []byte) (any, error) {
	if len(b) == 0 || b[0] != 1 {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "unsupported %s version number %d", f.name, versionByte(b))
	}
	if !utf8.Valid(b[1:]) {
		return nil, pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\"")
	}
	return f.parse(string(b[1:]))
}
func (f ltreeFamily) Compare(a, b any) int {
	if x, ok := a.(*Ltree); ok {
		return CompareLtree(x, b.(*Ltree))
	}
	return strings.Compare(f.Output(a), f.Output(b))
}
func (ltreeFamily) TypmodIn([]int32) (int32, error)      { return -1, nil }
func (ltreeFamily) TypmodOut(int32) string               { return "" }
func (ltreeFamily) ApplyMod(v any, _ int32) (any, error) { return v, nil }
func (ltreeFamily) CastContext(*Type, bool) CastContext  { return castNone }
func (f ltreeFamily) CastFrom(v any, from *Type, _ int32) (any, error) {
	return nil, CannotCast(from, &Type{Kind: KindExt, Name: f.name, SQLName: f.name, Mod: -1, Ext: f})
}
func (f ltreeFamily) CastTo(v any, to *Type) (any, error) {
	return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type %s to %s", f.name, to.FormatType())
}

func versionByte(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	return int(b[0])
}

var (
	ltreeBase     = ltreeFamily{"ltree", func(s string) (any, error) { return ParseLtree(s) }}
	lqueryBase    = ltreeFamily{"lquery", func(s string) (any, error) { return ParseLquery(s) }}
	ltxtqueryBase = ltreeFamily{"ltxtquery", func(s string) (any, error) { return ParseLtxtquery(s) }}
)
