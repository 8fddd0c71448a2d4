package types

import (
	"strings"
	"unicode"
)

// The default text search parser (docs 12.8.1): it splits text into
// tokens of 23 types, blanks included, and follows a compound token by
// its parts (a hyphenated word by its parts, a URL by its host and
// path). It works as a longest match among the token grammars the
// docs describe, with the tie breaks and dead ends PostgreSQL 15's
// parser shows (recorded in the differential test against it).

// Token type numbers and aliases, as ts_token_type('default') lists them.
const (
	TokASCIIWord = iota + 1
	TokWord
	TokNumWord
	TokEmail
	TokURL
	TokHost
	TokSFloat
	TokVersion
	TokHWordNumPart
	TokHWordPart
	TokHWordASCIIPart
	TokBlank
	TokTag
	TokProtocol
	TokNumHWord
	TokASCIIHWord
	TokHWord
	TokURLPath
	TokFile
	TokFloat
	TokInt
	TokUint
	TokEntity
)

// TSTokenTypes is ts_token_type('default'): alias and description by
// token number (index 0 unused).
var TSTokenTypes = [...][2]string{
	{},
	{"asciiword", "Word, all ASCII"},
	{"word", "Word, all letters"},
	{"numword", "Word, letters and digits"},
	{"email", "Email address"},
	{"url", "URL"},
	{"host", "Host"},
	{"sfloat", "Scientific notation"},
	{"version", "Version number"},
	{"hword_numpart", "Hyphenated word part, letters and digits"},
	{"hword_part", "Hyphenated word part, all letters"},
	{"hword_asciipart", "Hyphenated word part, all ASCII"},
	{"blank", "Space symbols"},
	{"tag", "XML tag"},
	{"protocol", "Protocol head"},
	{"numhword", "Hyphenated word, letters and digits"},
	{"asciihword", "Hyphenated word, all ASCII"},
	{"hword", "Hyphenated word, all letters"},
	{"url_path", "URL path"},
	{"file", "File or path name"},
	{"float", "Decimal notation"},
	{"int", "Signed integer"},
	{"uint", "Unsigned integer"},
	{"entity", "XML entity"},
}

// TSToken is one token the parser found.
type TSToken struct {
	Type int
	Text string
}

type tsParser struct {
	rs  []rune
	out []TSToken
}

// TSParse splits text with the default parser.
func TSParse(text string) []TSToken {
	p := &tsParser{rs: []rune(text)}
	p.run()
	return p.out
}

func (p *tsParser) at(i int) rune {
	if i < 0 || i >= len(p.rs) {
		return 0
	}
	return p.rs[i]
}

func (p *tsParser) emit(t int, from, to int) {
	p.out = append(p.out, TSToken{Type: t, Text: string(p.rs[from:to])})
}

func isASCIIAlpha(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }
func isASCIIAlnum(r rune) bool { return isASCIIAlpha(r) || isASCIIDigit(r) }
func isTSAlpha(r rune) bool    { return isASCIIAlpha(r) || r > 127 && unicode.IsLetter(r) }
func isTSAlnum(r rune) bool    { return isTSAlpha(r) || isASCIIDigit(r) }

// blankStops are the characters a run of blanks ends before, as each
// may start a token.
func blankStops(r rune) bool {
	switch r {
	case '<', '&', '/', '+', '-':
		return true
	}
	return isTSAlnum(r)
}

func (p *tsParser) run() {
	i := 0
	for i < len(p.rs) {
		if n := p.token(i); n > i {
			i = n
			continue
		}
		j := i + 1
		for j < len(p.rs) && !blankStops(p.rs[j]) {
			j++
		}
		p.emit(TokBlank, i, j)
		i = j
	}
}

// token emits the token(s) starting at i and returns where they end, or
// i when none starts there.
func (p *tsParser) token(i int) int {
	c := p.rs[i]
	switch c {
	case '<':
		if n := p.tag(i); n > i {
			p.emit(TokTag, i, n)
			return n
		}
		return i
	case '&':
		if n := p.entity(i); n > i {
			p.emit(TokEntity, i, n)
			return n
		}
		return i
	}
	if n := p.protocol(i); n > i {
		p.emit(TokProtocol, i, n)
		return n
	}
	type cand struct {
		end  int
		kind int
	}
	var best cand
	try := func(end, kind int) {
		if end > best.end {
			best = cand{end, kind}
		}
	}
	// tried in order of preference: an earlier grammar wins a tie
	if e := p.email(i); e > i {
		try(e, TokEmail)
	}
	h := p.host(i, true)
	if h > i {
		if u := p.urlPath(h); u > h {
			try(u, TokURL)
		}
		try(h, TokHost)
	}
	if e, kind := p.number(i); e > i {
		if kind == TokSFloat {
			// scientific notation wins over the words it runs into
			p.emit(kind, i, e)
			return e
		}
		try(e, kind)
	}
	if e := p.compound(i); e > i {
		try(e, TokASCIIHWord)
	}
	if e := p.word(i); e > i {
		try(e, TokASCIIWord)
	}
	// a good host wins over the longer path it could begin
	if e := p.file(i); e > i && h == i {
		try(e, TokFile)
	}
	switch best.kind {
	case 0:
		return i
	case TokURL:
		h := p.host(i, true)
		p.emit(TokURL, i, best.end)
		p.emit(TokHost, i, h)
		p.emit(TokURLPath, h, best.end)
	case TokASCIIHWord:
		p.emitCompound(i, best.end)
		// the hyphen after a hyphenated word starts a blank, never a
		// sign
		if p.at(best.end) == '-' {
			j := best.end + 1
			for j < len(p.rs) && !blankStops(p.rs[j]) {
				j++
			}
			p.emit(TokBlank, best.end, j)
			return j
		}
	case TokASCIIWord:
		p.emit(p.wordType(i, best.end), i, best.end)
	default:
		p.emit(best.kind, i, best.end)
	}
	return best.end
}

// wordType classes a run of letters and digits.
func (p *tsParser) wordType(from, to int) int {
	ascii, digit := true, false
	for _, r := range p.rs[from:to] {
		switch {
		case isASCIIDigit(r):
			digit = true
		case !isASCIIAlpha(r):
			ascii = false
		}
	}
	switch {
	case digit:
		return TokNumWord
	case ascii:
		return TokASCIIWord
	}
	return TokWord
}

// word is a run of letters and digits holding a letter.
func (p *tsParser) word(i int) int {
	j, letter := i, false
	for j < len(p.rs) && isTSAlnum(p.rs[j]) {
		letter = letter || isTSAlpha(p.rs[j])
		j++
	}
	if !letter {
		return i
	}
	return j
}

// compound is a hyphenated word: two or more words joined by single
// hyphens; a part of digits alone ends it before its hyphen.
func (p *tsParser) compound(i int) int {
	end := p.word(i)
	if end == i {
		return i
	}
	parts := 1
	for p.at(end) == '-' {
		n := p.word(end + 1)
		if n == end+1 {
			break
		}
		end = n
		parts++
	}
	if parts < 2 {
		return i
	}
	return end
}

func (p *tsParser) emitCompound(from, to int) {
	ascii, digit := true, false
	for _, r := range p.rs[from:to] {
		switch {
		case isASCIIDigit(r):
			digit = true
		case r != '-' && !isASCIIAlpha(r):
			ascii = false
		}
	}
	switch {
	case digit:
		p.emit(TokNumHWord, from, to)
	case ascii:
		p.emit(TokASCIIHWord, from, to)
	default:
		p.emit(TokHWord, from, to)
	}
	start := from
	for k := from; k <= to; k++ {
		if k < to && p.rs[k] != '-' {
			continue
		}
		switch p.wordType(start, k) {
		case TokNumWord:
			p.emit(TokHWordNumPart, start, k)
		case TokASCIIWord:
			p.emit(TokHWordASCIIPart, start, k)
		default:
			p.emit(TokHWordPart, start, k)
		}
		if k < to {
			p.emit(TokBlank, k, k+1)
		}
		start = k + 1
	}
}

// number is an unsigned or signed integer, a decimal, a version number
// (unsigned, two or more dots) or scientific notation.
func (p *tsParser) number(i int) (int, int) {
	j := i
	signed := false
	if c := p.at(j); c == '+' || c == '-' {
		signed = true
		j++
	}
	d := p.digits(j)
	if d == j {
		return i, 0
	}
	end, kind := d, TokUint
	if signed {
		kind = TokInt
	}
	if p.at(end) == '.' && isASCIIDigit(p.at(end+1)) {
		end, kind = p.digits(end+1), TokFloat
		if signed && p.at(end) == '.' && isASCIIDigit(p.at(end+1)) {
			// a signed version number is a '-' then the version
			return i, 0
		}
		if !signed {
			dots := 1
			for p.at(end) == '.' && isASCIIDigit(p.at(end+1)) {
				end = p.digits(end + 1)
				dots++
			}
			if dots > 1 {
				return end, TokVersion
			}
		}
	}
	if c := p.at(end); c == 'e' || c == 'E' {
		k := end + 1
		if s := p.at(k); s == '+' || s == '-' {
			k++
		}
		if e := p.digits(k); e > k {
			return e, TokSFloat
		}
	}
	// digits running into letters make a word instead
	if kind == TokUint && isTSAlpha(p.at(end)) {
		return i, 0
	}
	return end, kind
}

func (p *tsParser) digits(i int) int {
	for i < len(p.rs) && isASCIIDigit(p.rs[i]) {
		i++
	}
	return i
}

// host is labels of ASCII letters and digits (inner '-' and '_'
// allowed) joined by dots, ending where a label after a dot began with
// two or more letters; then an optional :port. A longer chain that ends
// badly falls back to its last good end.
func (p *tsParser) host(i int, port bool) int {
	if !isASCIIAlnum(p.at(i)) {
		return i
	}
	best, j, afterDot := i, i, false
	for {
		k := j
		for k < len(p.rs) && isASCIIAlnum(p.rs[k]) {
			k++
		}
		if afterDot && k-j >= 2 && allASCIIAlpha(p.rs[j:k]) {
			best = k
		}
		j = k
		c := p.at(j)
		if (c == '-' || c == '_') && isASCIIAlnum(p.at(j+1)) {
			j, afterDot = j+1, false
			continue
		}
		if c == '.' && isASCIIAlnum(p.at(j+1)) {
			j, afterDot = j+1, true
			continue
		}
		break
	}
	if best == i {
		return i
	}
	if port && p.at(best) == ':' {
		if d := p.digits(best + 1); d > best+1 {
			best = d
		}
	}
	return best
}

func allASCIIAlpha(rs []rune) bool {
	for _, r := range rs {
		if !isASCIIAlpha(r) {
			return false
		}
	}
	return true
}

// urlPath is a / and the URL characters after it.
func (p *tsParser) urlPath(i int) int {
	if p.at(i) != '/' {
		return i
	}
	j := i + 1
	for j < len(p.rs) && isURLChar(p.rs[j]) {
		j++
	}
	if j == i+1 {
		return i
	}
	return j
}

func isURLChar(r rune) bool {
	if isASCIIAlnum(r) {
		return true
	}
	return strings.ContainsRune("-_.~/%,;=()!'@:+*$[]?&#", r)
}

// email is a local part (runs of letters and digits joined by single
// '.', '_' or '-'), an @ and a host.
func (p *tsParser) email(i int) int {
	j := i
	for {
		k := j
		for k < len(p.rs) && isTSAlnum(p.rs[k]) {
			k++
		}
		if k == j {
			return i
		}
		j = k
		if c := p.at(j); strings.ContainsRune("._-", c) && c != 0 {
			j++
			continue
		}
		break
	}
	if p.at(j) != '@' {
		return i
	}
	// a local part with letters beyond ASCII needs a digit
	ascii, digit := true, false
	for _, r := range p.rs[i:j] {
		ascii = ascii && r < 128
		digit = digit || isASCIIDigit(r)
	}
	if !ascii && !digit {
		return i
	}
	if h := p.host(j+1, true); h > j+1 {
		return h
	}
	return i
}

// protocol is letters followed by ://.
func (p *tsParser) protocol(i int) int {
	j := i
	for j < len(p.rs) && isASCIIAlpha(p.rs[j]) {
		j++
	}
	if j > i && p.at(j) == ':' && p.at(j+1) == '/' && p.at(j+2) == '/' {
		return j + 3
	}
	return i
}

// file is a path: a name, ~name, ./, ../ or /, then ASCII letters,
// digits, '_' and '-' with '.' and '/' before a name character; a path
// may step through . and .. segments, and one that stops right after a
// "/." step ends before it.
func (p *tsParser) file(i int) int {
	j := i
	sep := false
	fallback := -1 // where the path ends if the current step leads nowhere
	nameChar := func(r rune) bool { return isASCIIAlnum(r) || r == '_' }
	switch c := p.at(i); {
	case c == '~':
		switch n := p.at(i + 1); {
		case nameChar(n):
			sep = true
		case n == '/':
			fallback = i
		default:
			return i
		}
		j++
	case c == '.' && p.at(i+1) == '/':
		j++
		fallback = i
	case c == '.' && p.at(i+1) == '.':
		switch n := p.at(i + 2); {
		case n == '/':
			j += 2
			fallback, sep = i+2, true
		case n == 0 || unicode.IsSpace(n):
			return i + 2
		default:
			return i
		}
	case c == '/':
	case isTSAlnum(c):
		// a name before its first separator: letters without digits
		// must be ASCII, no '-' or '_' may follow it, and digits then
		// '.' make a decimal
		k, digit, ascii := i, false, true
		for k < len(p.rs) && isTSAlnum(p.rs[k]) {
			digit = digit || isASCIIDigit(p.rs[k])
			ascii = ascii && isASCIIAlnum(p.rs[k])
			k++
		}
		if !digit && !ascii {
			return i
		}
		if n := p.at(k); n != '.' && n != '/' {
			return i
		}
		if p.at(k) == '.' && p.digits(i) == k {
			return i
		}
		j = k
	default:
		return i
	}
	stop := func(j int) int {
		if fallback >= 0 {
			j = fallback
		}
		if !sep || j == i {
			return i
		}
		return j
	}
	for j < len(p.rs) {
		c := p.rs[j]
		switch {
		case nameChar(c) || c == '-':
			j++
			fallback = -1
		case c == '.' && nameChar(p.at(j+1)):
			sep = true
			j++
		case c == '/' && nameChar(p.at(j+1)):
			sep = true
			j++
		case c == '/' && p.at(j+1) == '~' && nameChar(p.at(j+2)):
			sep = true
			j += 2
		case c == '/' && p.at(j+1) == '~' && p.at(j+2) == '/':
			if fallback < 0 {
				fallback = j
			}
			sep = true
			j += 2
		case c == '/' && p.at(j+1) == '.':
			k := j + 1
			for k < len(p.rs) && p.rs[k] == '.' {
				k++
			}
			d, m := k-j-1, p.at(k)
			switch {
			case d == 1 && nameChar(m):
				sep, j = true, k
			case d == 1 && m == '/':
				if fallback < 0 {
					fallback = j
				}
				sep, j = true, k
			case d == 2 && m == '/':
				sep, j, fallback = true, k, k
			case d == 2 && (m == 0 || unicode.IsSpace(m)):
				sep, fallback = true, -1
				return k
			default:
				return stop(j)
			}
		default:
			return stop(j)
		}
	}
	return stop(j)
}

// tag is an XML tag: a comment <!-- -->, or < with an optional / (or
// <?xml, <!DOCTYPE), a name of letters, digits and "_-.:", then '>',
// "/>" or white space and attributes (ASCII words, "=#%?-.:_/", quoted
// strings) up to '>'.
func (p *tsParser) tag(i int) int {
	if p.hasPrefix(i, "<!--") {
		for j := i + 4; j+2 < len(p.rs); j++ {
			if p.hasPrefix(j, "-->") {
				return j + 3
			}
		}
		return i
	}
	j := i + 1
	xml := false
	switch {
	case p.at(j) == '/':
		j++
	case p.hasPrefix(j, "?xml"):
		j += 4
		xml = true
	case p.hasPrefix(j, "!DOCTYPE"):
		j += 8
	default:
		if c := p.at(j); !isASCIIAlpha(c) && c != '_' {
			return i
		}
	}
	for j < len(p.rs) && (isASCIIAlnum(p.rs[j]) || strings.ContainsRune("_-.:", p.rs[j])) {
		j++
	}
	switch c := p.at(j); {
	case c == '>':
		return j + 1
	case c == '/' && p.at(j+1) == '>':
		return j + 2
	case c == '?' && xml && p.at(j+1) == '>':
		return j + 2
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
	default:
		return i
	}
	for j < len(p.rs) {
		c := p.rs[j]
		switch {
		case c == '>':
			return j + 1
		case c == '"' || c == '\'':
			k := j + 1
			for k < len(p.rs) && p.rs[k] != c {
				k++
			}
			if k >= len(p.rs) {
				return i
			}
			j = k + 1
		case isASCIIAlnum(c) || strings.ContainsRune(" \t\n\r=#%?-.:_/", c):
			j++
		default:
			return i
		}
	}
	return i
}

func (p *tsParser) hasPrefix(i int, s string) bool {
	for _, r := range s {
		if p.at(i) != r {
			return false
		}
		i++
	}
	return true
}

// entity is &name; &#digits; or &#xhex;.
func (p *tsParser) entity(i int) int {
	j := i + 1
	if p.at(j) == '#' {
		j++
		if c := p.at(j); c == 'x' || c == 'X' {
			k := j + 1
			for k < len(p.rs) && strings.ContainsRune("0123456789abcdefABCDEF", p.rs[k]) {
				k++
			}
			if k > j+1 && p.at(k) == ';' {
				return k + 1
			}
			return i
		}
		k := p.digits(j)
		if k > j && p.at(k) == ';' {
			return k + 1
		}
		return i
	}
	k := j
	for k < len(p.rs) && (isTSAlnum(p.rs[k]) || p.rs[k] == '-') {
		k++
	}
	if k > j && isASCIIAlpha(p.at(j)) && p.at(k) == ';' {
		return k + 1
	}
	return i
}
