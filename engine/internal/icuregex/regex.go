package regex

import (
	"context"
	"regexp"
	"regexp/syntax"
	"sync/atomic"
	"unicode/utf8"

	"gopkg.in/src-d/go-errors.v1"
)

// Regex is a compiled pattern and the text it is matched against. Set the
// pattern with SetRegexString, then the text with SetMatchString, before
// any other call. A Regex is for one goroutine at a time; Close releases it.
type Regex interface {
	// SetRegexString compiles regexStr with flags; it must be called
	// before every other method but Close.
	SetRegexString(ctx context.Context, regexStr string, flags RegexFlags) error
	// SetMatchString sets the text that the other methods match against
	// or replace in; it must follow SetRegexString.
	SetMatchString(ctx context.Context, matchStr string) error
	// IndexOf returns the 1-based character position of the start of the
	// occurrence-th match found from character position start (1-based),
	// or of the character following it when endIndex is set; 0 when there
	// is no such match.
	IndexOf(ctx context.Context, start int, occurrence int, endIndex bool) (int, error)
	// Matches reports whether there is an occurrence-th match at or after
	// the 0-based character offset start.
	Matches(ctx context.Context, start int, occurrence int) (bool, error)
	// Replace returns the text with replacementStr in place of the
	// occurrence-th match found from the 1-based character position
	// position, or of every match from there on when occurrence is 0.
	Replace(ctx context.Context, replacementStr string, position int, occurrence int) (string, error)
	// Substring returns the occurrence-th match found from the 1-based
	// character position start, and whether there is one.
	Substring(ctx context.Context, start int, occurrence int) (string, bool, error)
	// StringBufferSize returns the size of the preallocated string
	// buffers, in bytes: always 0 here, as nothing is preallocated.
	StringBufferSize() uint32
	// Close releases the Regex. It holds nothing outside the Go heap, so a
	// Regex that is never closed leaks nothing either.
	Close() error
}

var (
	// ErrRegexNotYetSet is returned when a method runs before SetRegexString.
	ErrRegexNotYetSet = errors.NewKind("SetRegexString must be called before any other function")
	// ErrMatchNotYetSet is returned when a method runs before SetMatchString.
	ErrMatchNotYetSet = errors.NewKind("SetMatchString must be called as there is nothing to match against")
	// ErrInvalidRegex is returned by SetRegexString for a pattern that does
	// not compile (the cause says why) or flags that are not supported.
	ErrInvalidRegex = errors.NewKind("the given regular expression is invalid")
	// ErrInvalidReplacement is returned by Replace for a replacement that
	// names a capture group the pattern does not have, or has a '$' that
	// names no group.
	ErrInvalidReplacement = errors.NewKind("the given replacement string is invalid: %s")
)

// regexLeakHandler holds the function SetRegexLeakHandler stores.
var regexLeakHandler atomic.Value

// SetRegexLeakHandler stores handler, the function the upstream package
// calls when a Regex is garbage-collected without Close. A Regex here holds
// no resources beyond the Go heap, so such a Regex is not a leak and the
// handler is never called; the function exists because go-mysql-server
// installs one at initialisation.
func SetRegexLeakHandler(handler func()) {
	regexLeakHandler.Store(handler)
}

// RegexFlags change how a pattern matches; combine them with |. The values
// are ICU's (URegexpFlag), as in the upstream package.
type RegexFlags uint32

const (
	// RegexFlags_None is the default: case-sensitive, '.' does not match a
	// line end, '^' and '$' match only at the ends of the text.
	RegexFlags_None RegexFlags = 0
	// RegexFlags_Case_Insensitive enables case-insensitive matching.
	RegexFlags_Case_Insensitive RegexFlags = 2
	// RegexFlags_Comments ignores white space and #-comments (to the end of
	// the line) in the pattern, outside backslash escapes and \Q...\E.
	RegexFlags_Comments RegexFlags = 4
	// RegexFlags_Dot_All lets '.' match a line end.
	RegexFlags_Dot_All RegexFlags = 32
	// RegexFlags_Literal matches the pattern as literal text;
	// RegexFlags_Case_Insensitive still applies.
	RegexFlags_Literal RegexFlags = 16
	// RegexFlags_Multiline lets '^' and '$' match at line starts and ends.
	RegexFlags_Multiline RegexFlags = 8
	// RegexFlags_Unix_Lines makes '\n' the only line end. That is always
	// the case here, so the flag changes nothing.
	RegexFlags_Unix_Lines RegexFlags = 1
	// RegexFlags_Unicode_Word asks for Unicode (TR 29) word boundaries in
	// \b, which Go's regexp does not have: SetRegexString refuses it.
	RegexFlags_Unicode_Word RegexFlags = 256
	// RegexFlags_Error_On_Unknown_Escapes makes an escaped ASCII letter
	// with no meaning an error. Go's regexp always treats it so, so the
	// flag changes nothing.
	RegexFlags_Error_On_Unknown_Escapes RegexFlags = 512
)

// supportedFlags are the flags SetRegexString accepts.
const supportedFlags = RegexFlags_Case_Insensitive | RegexFlags_Comments | RegexFlags_Dot_All |
	RegexFlags_Literal | RegexFlags_Multiline | RegexFlags_Unix_Lines | RegexFlags_Error_On_Unknown_Escapes

// CreateRegex returns a new Regex. stringBufferInBytes is the upstream
// package's preallocation hint for its WebAssembly memory; strings here live
// in the Go heap, so it is ignored.
func CreateRegex(stringBufferInBytes uint32) Regex {
	return &goRegex{}
}

// goRegex implements Regex on Go's regexp package.
type goRegex struct {
	// re is the pattern with its flags applied, nil until SetRegexString.
	re *regexp.Regexp
	// src is re's pattern as regexp/syntax prints it back: the same
	// pattern, in a form that stays one expression when wrapped in a group.
	src string
	// after finds re's leftmost match that starts after the first
	// character of its input (see find); compiled on first use.
	after *regexp.Regexp
	// text is the match string; textSet reports whether it was set.
	text    string
	textSet bool
}

var _ Regex = (*goRegex)(nil)

// SetRegexString implements Regex.
func (g *goRegex) SetRegexString(_ context.Context, regexStr string, flags RegexFlags) error {
	g.re, g.src, g.after = nil, "", nil
	if flags&^supportedFlags != 0 {
		return ErrInvalidRegex.Wrap(errUnsupportedFlags{flags &^ supportedFlags})
	}
	pattern := goPattern(regexStr, flags)
	re, err := regexp.Compile(pattern)
	if err != nil {
		return ErrInvalidRegex.Wrap(err)
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ErrInvalidRegex.Wrap(err)
	}
	g.re, g.src = re, tree.String()
	return nil
}

// SetMatchString implements Regex.
func (g *goRegex) SetMatchString(_ context.Context, matchStr string) error {
	if g.re == nil {
		return ErrRegexNotYetSet.New()
	}
	g.text, g.textSet = matchStr, true
	return nil
}

// ready returns the error for a method called before the pattern and the
// text are set.
func (g *goRegex) ready() error {
	if g.re == nil {
		return ErrRegexNotYetSet.New()
	}
	if !g.textSet {
		return ErrMatchNotYetSet.New()
	}
	return nil
}

// IndexOf implements Regex.
func (g *goRegex) IndexOf(_ context.Context, start int, occurrence int, endIndex bool) (int, error) {
	if err := g.ready(); err != nil {
		return 0, err
	}
	m, err := g.nth(start-1, occurrence)
	if m == nil || err != nil {
		return 0, err
	}
	at := m[0]
	if endIndex {
		at = m[1]
	}
	return utf8.RuneCountInString(g.text[:at]) + 1, nil
}

// Matches implements Regex.
func (g *goRegex) Matches(_ context.Context, start int, occurrence int) (bool, error) {
	if err := g.ready(); err != nil {
		return false, err
	}
	m, err := g.nth(start, occurrence)
	return m != nil, err
}

// Substring implements Regex.
func (g *goRegex) Substring(_ context.Context, start int, occurrence int) (string, bool, error) {
	if err := g.ready(); err != nil {
		return "", false, err
	}
	m, err := g.nth(start-1, occurrence)
	if m == nil || err != nil {
		return "", false, err
	}
	return g.text[m[0]:m[1]], true, nil
}

// Replace implements Regex.
func (g *goRegex) Replace(_ context.Context, replacementStr string, position int, occurrence int) (string, error) {
	if err := g.ready(); err != nil {
		return "", err
	}
	from, ok := g.byteOffset(position - 1)
	if !ok {
		return g.text, nil
	}
	var out []byte
	copied := 0 // g.text[:copied] is in out
	n := 0
	m, err := g.find(from)
	for ; m != nil && err == nil; m, err = g.next(m) {
		n++
		if occurrence != 0 && n < occurrence {
			continue
		}
		out = append(out, g.text[copied:m[0]]...)
		if out, err = g.expand(out, replacementStr, m); err != nil {
			return "", err
		}
		copied = m[1]
		if occurrence != 0 {
			break
		}
	}
	if err != nil {
		return "", err
	}
	if n == 0 || (occurrence != 0 && n < occurrence) {
		return g.text, nil
	}
	return string(append(out, g.text[copied:]...)), nil
}

// StringBufferSize implements Regex.
func (g *goRegex) StringBufferSize() uint32 { return 0 }

// Close implements Regex.
func (g *goRegex) Close() error {
	*g = goRegex{}
	return nil
}

// nth returns the occurrence-th match (occurrence 0 counts as 1) found
// from the 0-based character offset start, as submatch byte offsets into
// the text, or nil.
func (g *goRegex) nth(start, occurrence int) ([]int, error) {
	from, ok := g.byteOffset(start)
	if !ok {
		return nil, nil
	}
	m, err := g.find(from)
	for i := 1; i < occurrence && m != nil && err == nil; i++ {
		m, err = g.next(m)
	}
	return m, err
}

// byteOffset converts a 0-based character offset into the text to a byte
// offset; ok is false when the offset is negative or past the end.
func (g *goRegex) byteOffset(chars int) (int, bool) {
	if chars < 0 {
		return 0, false
	}
	off := 0
	for ; chars > 0; chars-- {
		if off == len(g.text) {
			return 0, false
		}
		_, size := utf8.DecodeRuneInString(g.text[off:])
		off += size
	}
	return off, true
}

// next returns the match after m: searched from m's end, or from the
// character after it when m is empty (ICU's findNext), or nil.
func (g *goRegex) next(m []int) ([]int, error) {
	from := m[1]
	if m[0] == m[1] {
		if from == len(g.text) {
			return nil, nil
		}
		_, size := utf8.DecodeRuneInString(g.text[from:])
		from += size
	}
	return g.find(from)
}

// find returns the leftmost match starting at or after byte offset from,
// matched in the context of the whole text (so '^', '\A' and '\b' see
// what precedes from), as submatch byte offsets, or nil.
//
// Go's regexp searches only from the start of its input, so a search from
// inside the text runs g.after on the text from the character before
// from: g.after is `\A(?s:.)(?s:.)*?(` pattern `)`, whose lazy prefix
// makes its group 1 the leftmost match of the pattern after that one
// character of context. RE2 has no lookbehind, so no assertion looks
// further back.
func (g *goRegex) find(from int) ([]int, error) {
	if from == 0 {
		return g.re.FindStringSubmatchIndex(g.text), nil
	}
	if g.after == nil {
		after, err := regexp.Compile(`\A(?s:.)(?s:.)*?(` + g.src + `)`)
		if err != nil {
			return nil, ErrInvalidRegex.Wrap(err)
		}
		g.after = after
	}
	_, size := utf8.DecodeLastRuneInString(g.text[:from])
	base := from - size
	m := g.after.FindStringSubmatchIndex(g.text[base:])
	if m == nil {
		return nil, nil
	}
	m = m[2:]
	for i, v := range m {
		if v >= 0 {
			m[i] = v + base
		}
	}
	return m, nil
}
