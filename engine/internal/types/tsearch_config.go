package types

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TSConfig is a text search configuration (docs 12.7): which chain of
// dictionaries each token type of the default parser goes to. The
// built-in ones are PostgreSQL 15's: simple lower-cases every indexed
// token; a language's configuration sends words to its Snowball
// dictionary (<lang>_stem: lower-cased, stop words dropped, stemmed) and
// numbers, e-mail addresses, hosts and the like to simple. User
// configurations (CREATE TEXT SEARCH CONFIGURATION) are built by the
// session from the catalog (NewTSConfig).
type TSConfig struct {
	Name string
	maps [len(TSTokenTypes)][]*TSDict
}

// NewTSConfig returns a configuration named name (as regconfig prints
// it) with the dictionary chain of each token type.
func NewTSConfig(name string, maps map[int][]*TSDict) *TSConfig {
	c := &TSConfig{Name: name}
	for t, ds := range maps {
		if t > 0 && t < len(c.maps) {
			c.maps[t] = ds
		}
	}
	return c
}

// tsWordTypes are the token types a language configuration stems; the
// ASCII ones go to english_stem in the configurations of languages
// written in another alphabet (snowball_create.sql).
var (
	tsASCIIWordTypes = []int{TokASCIIWord, TokASCIIHWord, TokHWordASCIIPart}
	tsWordTypes      = []int{TokWord, TokHWord, TokHWordPart}
	tsSimpleTypes    = []int{TokEmail, TokURL, TokHost, TokSFloat, TokVersion, TokHWordNumPart, TokNumHWord,
		TokNumWord, TokURLPath, TokFile, TokFloat, TokInt, TokUint}
)

// tsBuiltinConfig builds a pg_catalog configuration; nil when tinybase
// lacks the language's stemmer.
func tsBuiltinConfig(name string) *TSConfig {
	word, ascii := tsSimpleDict, tsSimpleDict
	if name != "simple" {
		if word = tsBuiltinStems[name]; word == nil {
			return nil
		}
		ascii = word
		if name == "russian" || name == "hindi" {
			ascii = tsBuiltinStems["english"]
		}
	}
	maps := map[int][]*TSDict{}
	for _, t := range tsSimpleTypes {
		maps[t] = []*TSDict{tsSimpleDict}
	}
	for _, t := range tsWordTypes {
		maps[t] = []*TSDict{word}
	}
	for _, t := range tsASCIIWordTypes {
		maps[t] = []*TSDict{ascii}
	}
	return NewTSConfig(name, maps)
}

var tsBuiltinConfigs = func() map[string]*TSConfig {
	m := map[string]*TSConfig{}
	for _, e := range TSConfigs {
		if c := tsBuiltinConfig(e.Name); c != nil {
			m[e.Name] = c
		}
	}
	return m
}()

var tsEnglish = tsBuiltinConfigs["english"]

// TSConfigByName resolves a built-in configuration's name such as
// 'english' or 'pg_catalog.simple'; a language tinybase cannot stem is
// 0A000. The session's TSResolver also finds user configurations
// (TSConfigFor).
func TSConfigByName(name string) (*TSConfig, error) {
	n := strings.TrimPrefix(strings.ToLower(trimSpace(name)), "pg_catalog.")
	if c, ok := tsBuiltinConfigs[n]; ok {
		return c, nil
	}
	for _, e := range TSConfigs {
		if e.Name == n {
			return nil, tsLanguageUnsupported("text search configuration", n)
		}
	}
	return nil, pgerror.New(pgerror.UndefinedObject, "text search configuration %q does not exist", name)
}

// BuiltinTSConfig returns a pg_catalog configuration by name; ok false
// for none, err for a language tinybase cannot stem.
func BuiltinTSConfig(name string) (c *TSConfig, ok bool, err error) {
	if c, ok := tsBuiltinConfigs[name]; ok {
		return c, true, nil
	}
	for _, e := range TSConfigs {
		if e.Name == name {
			return nil, true, tsLanguageUnsupported("text search configuration", name)
		}
	}
	return nil, false, nil
}

// TSResolver finds the database's text search objects by name through
// the search path; the session's resolver (Env.Relations) implements it.
type TSResolver interface {
	// TSConfig resolves a configuration by name or OID text.
	TSConfig(name string) (*TSConfig, error)
	// TSConfigOID resolves regconfig input; TSConfigName prints one.
	TSConfigOID(name string) (uint32, error)
	TSConfigName(oid uint32) string
	// TSDict resolves a dictionary by name (ts_lexize).
	TSDict(name string) (*TSDict, error)
	// TSDictOID resolves regdictionary input; TSDictName prints one.
	TSDictOID(name string) (uint32, error)
	TSDictName(oid uint32) string
	// DefaultTSConfig is default_text_search_config's configuration.
	DefaultTSConfig() (*TSConfig, error)
}

func tsResolver(env *Env) TSResolver {
	if env != nil {
		if r, ok := env.Relations.(TSResolver); ok {
			return r
		}
	}
	return nil
}

// TSConfigFor resolves a configuration named by a regconfig or text
// argument, user configurations included when env has the session.
func TSConfigFor(env *Env, name string) (*TSConfig, error) {
	if r := tsResolver(env); r != nil {
		return r.TSConfig(name)
	}
	return TSConfigByName(name)
}

// DefaultTSConfigFor is default_text_search_config's configuration
// (english without a session).
func DefaultTSConfigFor(env *Env) (*TSConfig, error) {
	if r := tsResolver(env); r != nil {
		return r.DefaultTSConfig()
	}
	return tsEnglish, nil
}

// TSDictFor resolves a dictionary for ts_lexize.
func TSDictFor(env *Env, name string) (*TSDict, error) {
	if r := tsResolver(env); r != nil {
		return r.TSDict(name)
	}
	n := strings.TrimPrefix(strings.ToLower(trimSpace(name)), "pg_catalog.")
	d, ok, err := BuiltinTSDict(n)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedObject, "text search dictionary %q does not exist", name)
	}
	return d, nil
}

// DefaultTSConfig is default_text_search_config as PostgreSQL's initdb
// sets it for an English locale: pg_catalog.english.
var DefaultTSConfig = tsEnglish

// Lexize turns one token into its lexeme; "" drops it (a stop word).
// The token goes through its type's dictionaries in turn: the first to
// recognize it gives the lexeme, a filtering one (unaccent) passes its
// output on. ok is false for a token no dictionary takes (its type is
// not mapped — tags, entities, protocol heads, blanks — or no dictionary
// knows it): it is not indexed and takes no position.
func (c *TSConfig) Lexize(t TSToken) (lexeme string, ok bool) {
	l, _, ok := c.lexizeChain(t)
	return l, ok
}

func (c *TSConfig) lexizeChain(t TSToken) (lexeme string, dict *TSDict, ok bool) {
	if t.Type <= 0 || t.Type >= len(c.maps) {
		return "", nil, false
	}
	w := t.Text
	for _, d := range c.maps[t.Type] {
		l, r := d.Lexize(w)
		switch r {
		case TSRecognized:
			return l, d, true
		case TSFiltered:
			w = l
		}
	}
	return "", nil, false
}

// Debug is one ts_debug row's dictionaries, the dictionary that
// recognized the token ("" for none) and its lexeme. As ts_debug's own
// query does, each dictionary reads the token itself (ts_lexize): the
// first that gives anything, a filtering one included, is reported.
func (c *TSConfig) Debug(t TSToken) (dicts []string, dict string, lexeme string, ok bool) {
	if t.Type <= 0 || t.Type >= len(c.maps) {
		return nil, "", "", false
	}
	for _, d := range c.maps[t.Type] {
		dicts = append(dicts, d.Name)
	}
	for _, d := range c.maps[t.Type] {
		if l, r := d.Lexize(t.Text); r != TSUnknown {
			return dicts, d.Name, l, true
		}
	}
	return dicts, "", "", false
}

// tsPosLexeme is a lexeme and the position of the token it came from.
type tsPosLexeme struct {
	pos  int
	word string
}

// lexemes parses text and lexizes its tokens: each indexed token takes
// the next position (up to 16383), stop words included.
func (c *TSConfig) lexemes(text string) []tsPosLexeme {
	out, _ := c.lexemesFrom(text, 0, nil)
	return out
}

// lexemesFrom is lexemes with positions continuing after pos, appended
// to out; it returns the last position used.
func (c *TSConfig) lexemesFrom(text string, pos int, out []tsPosLexeme) ([]tsPosLexeme, int) {
	for _, t := range TSParse(text) {
		l, ok := c.Lexize(t)
		if !ok {
			continue
		}
		if pos < tsMaxPos {
			pos++
		}
		if l != "" {
			out = append(out, tsPosLexeme{pos, l})
		}
	}
	return out, pos
}

// ToTSVector is to_tsvector(config, text): stop words keep their
// positions but leave no lexeme.
func (c *TSConfig) ToTSVector(text string) TSVectorVal { return tsVectorOf(c.lexemes(text)) }

// ToTSVectorElems is to_tsvector over the string elements of a JSON
// document: positions run on across elements, with a gap of one after
// each element that gave a lexeme, so a phrase never spans two elements.
func (c *TSConfig) ToTSVectorElems(elems []string) TSVectorVal {
	var ls []tsPosLexeme
	pos := 0
	for _, e := range elems {
		n := len(ls)
		ls, pos = c.lexemesFrom(e, pos, ls)
		if len(ls) > n && pos < tsMaxPos {
			pos++
		}
	}
	return tsVectorOf(ls)
}

func tsVectorOf(ls []tsPosLexeme) TSVectorVal {
	lx := make([]Lexeme, 0, len(ls))
	for _, l := range ls {
		lx = append(lx, Lexeme{Word: l.word, Pos: []uint16{uint16(l.pos)}})
	}
	return NormalizeTSVector(lx)
}

// ToTSQuery is to_tsquery(config, text): the query syntax with each
// operand parsed and lexized; an operand of several lexemes becomes
// their phrase (distances from their positions), and one that is all
// stop words drops out of the tree.
func (c *TSConfig) ToTSQuery(text string) (*TSQueryNode, error) {
	q, err := tsQueryOf(text, nil, func(n *TSQueryNode) *TSQueryNode {
		return c.phrase(c.lexemes(n.Word), '<', n)
	})
	if err != nil {
		return nil, err
	}
	return pruneTSQuery(q), nil
}

// phrase joins lexemes with op ('<': distances from their positions),
// each copying like's prefix and weight flags.
func (c *TSConfig) phrase(ls []tsPosLexeme, op byte, like *TSQueryNode) *TSQueryNode {
	var q *TSQueryNode
	lastPos := 0
	for _, l := range ls {
		n := &TSQueryNode{Word: l.word}
		if like != nil {
			n.Prefix, n.Weights = like.Prefix, like.Weights
		}
		if q == nil {
			q = n
		} else {
			q = &TSQueryNode{Op: op, Dist: l.pos - lastPos, Left: q, Right: n}
		}
		lastPos = l.pos
	}
	return q
}

// WordsQuery is plainto_tsquery (op '&') and phraseto_tsquery (op '<',
// distances counting the stop words between kept words).
func (c *TSConfig) WordsQuery(text string, op byte) *TSQueryNode {
	return c.phrase(c.lexemes(text), op, nil)
}

// tsStopMarker stands in for an operand the configuration dropped until
// pruneTSQuery removes it.
const tsStopMarker = "\x00stop"

func pruneTSQuery(n *TSQueryNode) *TSQueryNode {
	if n == nil {
		return nil
	}
	switch n.Op {
	case 0:
		if n.Word == tsStopMarker {
			return nil
		}
		return n
	case '!':
		if n.Right = pruneTSQuery(n.Right); n.Right == nil {
			return nil
		}
		return n
	}
	l, r := pruneTSQuery(n.Left), pruneTSQuery(n.Right)
	switch {
	case l == nil:
		return r
	case r == nil:
		return l
	}
	n.Left, n.Right = l, r
	return n
}

// WebSearchQuery is websearch_to_tsquery: unquoted words are ANDed,
// "quoted text" is a phrase, a leading - negates a term, and the word or
// separates alternatives (AND binds tighter, as in the output syntax).
func (c *TSConfig) WebSearchQuery(text string) *TSQueryNode {
	var groups []*TSQueryNode
	var cur *TSQueryNode
	and := func(n *TSQueryNode) {
		if cur == nil {
			cur = n
		} else {
			cur = &TSQueryNode{Op: '&', Left: cur, Right: n}
		}
	}
	rs := text
	for i := 0; i < len(rs); {
		switch {
		case isSpaceByte(rs[i]):
			i++
			continue
		case rs[i] == '"':
			end := strings.IndexByte(rs[i+1:], '"')
			var phrase string
			if end < 0 {
				phrase, i = rs[i+1:], len(rs)
			} else {
				phrase, i = rs[i+1:i+1+end], i+2+end
			}
			if q := c.WordsQuery(phrase, '<'); q != nil {
				and(q)
			}
			continue
		}
		neg := false
		if rs[i] == '-' {
			neg = true
			i++
		}
		j := i
		for j < len(rs) && !isSpaceByte(rs[j]) && rs[j] != '"' {
			j++
		}
		word := rs[i:j]
		i = j
		if !neg && strings.EqualFold(word, "or") {
			if cur != nil {
				groups = append(groups, cur)
				cur = nil
			}
			continue
		}
		q := c.WordsQuery(word, '<')
		if q == nil {
			continue
		}
		if neg {
			q = &TSQueryNode{Op: '!', Right: q}
		}
		and(q)
	}
	if cur != nil {
		groups = append(groups, cur)
	}
	var out *TSQueryNode
	for _, g := range groups {
		if out == nil {
			out = g
		} else {
			out = &TSQueryNode{Op: '|', Left: out, Right: g}
		}
	}
	return out
}
