package types

import (
	"strings"
	"unicode"

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

// Lexize turns one parsed word into its lexeme; "" drops it (a stop word).
func (c *TSConfig) Lexize(word string) string {
	if !c.stem || !stemmable(word) {
		return word
	}
	if englishStopWords[word] {
		return ""
	}
	return english.Stem(word, false)
}

// stemmable reports whether a word is made of letters (and hyphens),
// the token types the english configuration sends to english_stem.
func stemmable(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return w != ""
}

// ToTSVector is to_tsvector(config, text): stop words keep their
// positions but leave no lexeme.
func (c *TSConfig) ToTSVector(text string) TSVectorVal {
	words := TSParseWords(text)
	lx := make([]Lexeme, 0, len(words))
	for i, w := range words {
		l := c.Lexize(w)
		if l == "" {
			continue
		}
		p := i + 1
		if p > tsMaxPos {
			p = tsMaxPos
		}
		lx = append(lx, Lexeme{Word: l, Pos: []uint16{uint16(p)}})
	}
	return normalizeTSVector(lx)
}

// ToTSQuery is to_tsquery(config, text): the query syntax with each
// operand lexized; operands that are stop words drop out of the tree.
func (c *TSConfig) ToTSQuery(text string) (*TSQueryNode, error) {
	q, err := TSQueryOf(text, func(w string) string {
		l := c.Lexize(strings.ToLower(w))
		if l == "" {
			return tsStopMarker
		}
		return l
	})
	if err != nil {
		return nil, err
	}
	return pruneTSQuery(q), nil
}

// WordsQuery is plainto_tsquery (op '&') and phraseto_tsquery (op '<',
// distances counting the stop words between kept words).
func (c *TSConfig) WordsQuery(text string, op byte) *TSQueryNode {
	var q *TSQueryNode
	lastPos := 0
	for i, w := range TSParseWords(text) {
		l := c.Lexize(w)
		if l == "" {
			continue
		}
		n := &TSQueryNode{Word: l}
		if q == nil {
			q = n
		} else {
			q = &TSQueryNode{Op: op, Dist: i + 1 - lastPos, Left: q, Right: n}
		}
		lastPos = i + 1
	}
	return q
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
