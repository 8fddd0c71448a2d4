package types

import (
	"strings"

	"github.com/kljensen/snowball/english"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TSConfig is a text search configuration (docs 12.7): how the words the
// parser finds become lexemes. simple lower-cases them; english also drops
// the English stop words and stems words of letters with the Snowball
// English stemmer (PostgreSQL's english_stem); numbers, e-mail addresses
// and host names stay as they are.
type TSConfig struct {
	Name string
	stem bool
}

var (
	tsSimple  = &TSConfig{Name: "simple"}
	tsEnglish = &TSConfig{Name: "english", stem: true}
)

// TSConfigByName resolves a regconfig name such as 'english' or
// 'pg_catalog.simple'. The other built-in language configurations are
// not supported yet (0A000).
func TSConfigByName(name string) (*TSConfig, error) {
	n := strings.TrimPrefix(strings.ToLower(trimSpace(name)), "pg_catalog.")
	switch n {
	case "simple":
		return tsSimple, nil
	case "english":
		return tsEnglish, nil
	case "arabic", "armenian", "basque", "catalan", "danish", "dutch", "finnish", "french",
		"german", "greek", "hindi", "hungarian", "indonesian", "irish", "italian", "lithuanian", "nepali",
		"norwegian", "portuguese", "romanian", "russian", "serbian", "spanish", "swedish", "tamil", "turkish", "yiddish":
		return nil, pgerror.New(pgerror.FeatureNotSupported, "text search configuration %q is not supported yet", n).
			WithHint("The simple and english configurations are available.")
	}
	return nil, pgerror.New(pgerror.UndefinedObject, "text search configuration %q does not exist", name)
}

// DefaultTSConfig is default_text_search_config as PostgreSQL's initdb
// sets it for an English locale: pg_catalog.english.
var DefaultTSConfig = tsEnglish

// Lexize turns one token into its lexeme; "" drops it (a stop word).
// Both configurations map the token types as PostgreSQL's do: tags,
// entities, protocol heads and blanks are not indexed (ok false); in
// english the word types go to english_stem (lower-cased, stop words
// dropped, Snowball-stemmed) and the rest to simple (lower-cased).
func (c *TSConfig) Lexize(t TSToken) (lexeme string, ok bool) {
	switch t.Type {
	case TokBlank, TokTag, TokProtocol, TokEntity:
		return "", false
	}
	w := strings.ToLower(t.Text)
	if !c.stem {
		return w, true
	}
	if c.Dictionary(t.Type) == "english_stem" {
		if englishStopWords[w] {
			return "", true
		}
		return english.Stem(w, false), true
	}
	return w, true
}

// Dictionary names the dictionary an indexed token type goes to.
func (c *TSConfig) Dictionary(tokenType int) string {
	if c.stem {
		switch tokenType {
		case TokASCIIWord, TokWord, TokASCIIHWord, TokHWord, TokHWordASCIIPart, TokHWordPart:
			return "english_stem"
		}
	}
	return "simple"
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
