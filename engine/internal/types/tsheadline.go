package types

import (
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// HeadlineOptions are ts_headline's options (docs 12.3.4) after
// ParseHeadlineOptions.
type HeadlineOptions struct {
	StartSel, StopSel, FragmentDelimiter string
	MaxWords, MinWords, ShortWord        int
	MaxFragments                         int
	HighlightAll                         bool
}

// ParseHeadlineOptions reads ts_headline's option string: key=value
// pairs separated by commas or spaces, values bare, 'single' (or E'…')
// or "double" quoted, keys matched case-insensitively, as PostgreSQL's
// deserialize_deflist and the default parser's prsd_headline read them.
func ParseHeadlineOptions(s string) (HeadlineOptions, error) {
	o := HeadlineOptions{StartSel: "<b>", StopSel: "</b>", FragmentDelimiter: " ... ", MaxWords: 35, MinWords: 15, ShortWord: 3}
	pairs, err := parseDefList(s)
	if err != nil {
		return o, err
	}
	num := func(v string) (int, error) {
		n, err := Input(Int4, v, nil)
		if err != nil {
			return 0, err
		}
		return int(n.(int32)), nil
	}
	for _, kv := range pairs {
		k, v := kv[0], kv[1]
		var err error
		switch strings.ToLower(k) {
		case "maxwords":
			o.MaxWords, err = num(v)
		case "minwords":
			o.MinWords, err = num(v)
		case "shortword":
			o.ShortWord, err = num(v)
		case "maxfragments":
			o.MaxFragments, err = num(v)
		case "startsel":
			o.StartSel = v
		case "stopsel":
			o.StopSel = v
		case "fragmentdelimiter":
			o.FragmentDelimiter = v
		case "highlightall":
			switch strings.ToLower(v) {
			case "1", "on", "true", "t", "y", "yes":
				o.HighlightAll = true
			default:
				o.HighlightAll = false
			}
		default:
			return o, pgerror.New(pgerror.InvalidParameterValue, "unrecognized headline parameter: \"%s\"", k)
		}
		if err != nil {
			return o, err
		}
	}
	if !o.HighlightAll {
		switch {
		case o.MinWords >= o.MaxWords:
			return o, pgerror.New(pgerror.InvalidParameterValue, "MinWords should be less than MaxWords")
		case o.MinWords <= 0:
			return o, pgerror.New(pgerror.InvalidParameterValue, "MinWords should be positive")
		case o.ShortWord < 0:
			return o, pgerror.New(pgerror.InvalidParameterValue, "ShortWord should be >= 0")
		case o.MaxFragments < 0:
			return o, pgerror.New(pgerror.InvalidParameterValue, "MaxFragments should be >= 0")
		}
	}
	return o, nil
}

// ParseHeadlineOptionList checks an option string's syntax alone (the
// values are read, and checked, by ParseHeadlineOptions).
func ParseHeadlineOptionList(s string) ([][2]string, error) { return parseDefList(s) }

// parseDefList splits an option string into key/value pairs.
func parseDefList(s string) ([][2]string, error) {
	const (
		waitKey = iota
		inKey
		inQKey
		waitEq
		waitValue
		inSQValue
		inDQValue
		inWValue
	)
	bad := func() error {
		return pgerror.New(pgerror.SyntaxError, "invalid parameter list format: \"%s\"", s)
	}
	var out [][2]string
	var key, val strings.Builder
	state := waitKey
	emit := func() {
		out = append(out, [2]string{key.String(), val.String()})
		key.Reset()
		val.Reset()
		state = waitKey
	}
	space := func(c byte) bool { return c < 0x80 && unicode.IsSpace(rune(c)) }
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch state {
		case waitKey:
			if space(c) || c == ',' {
				continue
			}
			if c == '"' {
				state = inQKey
			} else {
				key.WriteByte(c)
				state = inKey
			}
		case inKey:
			switch {
			case space(c):
				state = waitEq
			case c == '=':
				state = waitValue
			default:
				key.WriteByte(c)
			}
		case inQKey:
			if c == '"' {
				if i+1 < len(s) && s[i+1] == '"' {
					key.WriteByte('"')
					i++
				} else {
					state = waitEq
				}
			} else {
				key.WriteByte(c)
			}
		case waitEq:
			if c == '=' {
				state = waitValue
			} else if !space(c) {
				return nil, bad()
			}
		case waitValue:
			switch {
			case c == '\'':
				state = inSQValue
			case c == 'E' && i+1 < len(s) && s[i+1] == '\'':
				i++
				state = inSQValue
			case c == '"':
				state = inDQValue
			case !space(c):
				val.WriteByte(c)
				state = inWValue
			}
		case inSQValue:
			switch {
			case c == '\'' && i+1 < len(s) && s[i+1] == '\'':
				val.WriteByte('\'')
				i++
			case c == '\'':
				emit()
			case c == '\\' && i+1 < len(s) && s[i+1] == '\\':
				val.WriteByte('\\')
				i++
			default:
				val.WriteByte(c)
			}
		case inDQValue:
			switch {
			case c == '"' && i+1 < len(s) && s[i+1] == '"':
				val.WriteByte('"')
				i++
			case c == '"':
				emit()
			default:
				val.WriteByte(c)
			}
		case inWValue:
			if c == ',' || space(c) {
				emit()
			} else {
				val.WriteByte(c)
			}
		}
	}
	switch state {
	case inWValue:
		emit()
	case waitKey:
	default:
		return nil, bad()
	}
	return out, nil
}

// hlWord is one token of the document as the headline generator sees
// it; a token matching several query operands is followed by copies
// marked repeated, one per further operand.
type hlWord struct {
	typ      int
	text     string
	item     *TSQueryNode
	pos      int
	repeated bool
	selected bool
	in       bool
	replace  bool
	skip     bool
}

func hlNonWord(t int) bool {
	switch t {
	case TokBlank, TokTag, TokURL, TokNumHWord, TokASCIIHWord, TokHWord:
		return true
	}
	return false
}

func hlNoEnd(t int) bool {
	switch t {
	case TokSFloat, TokVersion, TokFloat, TokInt, TokUint, TokProtocol, TokEntity:
		return true
	}
	return hlNonWord(t)
}

// headline is the document and the selection state of the default
// parser's headline generator (PostgreSQL's prsd_headline).
type headline struct {
	words     []hlWord
	q         *TSQueryNode
	shortWord int
}

// interesting is a word matching a query operand and not a copy.
func (h *headline) interesting(i int) bool { return h.words[i].item != nil && !h.words[i].repeated }

// badEnd is a word a headline should not start or end on: a non-word,
// a number or a short word, unless it matches the query.
func (h *headline) badEnd(i int) bool {
	w := &h.words[i]
	return (hlNoEnd(w.typ) || len(w.text) <= h.shortWord) && !h.interesting(i)
}

// Headline is ts_headline(config, document, query, options): the
// document's best fragment (or fragments) with the query's words
// marked, chosen as PostgreSQL's default parser chooses.
func (c *TSConfig) Headline(doc string, q *TSQueryNode, o HeadlineOptions) string {
	h := &headline{q: q, shortWord: o.ShortWord}
	operands := tsOperandsInStorageOrder(q, nil)
	pos := 0
	for _, t := range TSParse(doc) {
		h.words = append(h.words, hlWord{typ: t.Type, text: t.Text})
		lex, ok := c.Lexize(t)
		if !ok {
			continue
		}
		pos++
		if lex == "" {
			continue
		}
		at := len(h.words) - 1
		h.words[at].pos = min(pos, tsMaxPos)
		for _, op := range operands {
			if op.Word != lex && !(op.Prefix && strings.HasPrefix(lex, op.Word)) {
				continue
			}
			if h.words[at].item == nil {
				h.words[at].item = op
				continue
			}
			cp := h.words[at]
			cp.item, cp.repeated = op, true
			h.words = append(h.words, cp)
		}
	}
	maxCover := max(o.MaxWords*10, 100)
	if o.MaxFragments > 0 {
		maxCover *= o.MaxFragments
	}
	if o.MaxFragments != 0 {
		h.markFragments(o, maxCover)
	} else {
		h.markWords(o, maxCover)
	}
	return h.generate(o)
}

// tsOperandsInStorageOrder lists q's operands in the order PostgreSQL
// stores them (each operator before its right then its left operand),
// which decides which operand a word matching several claims first.
func tsOperandsInStorageOrder(q *TSQueryNode, out []*TSQueryNode) []*TSQueryNode {
	if q == nil {
		return out
	}
	if q.Op == 0 {
		return append(out, q)
	}
	out = tsOperandsInStorageOrder(q.Right, out)
	return tsOperandsInStorageOrder(q.Left, out)
}

// firstItem is the first word at or after i matching a query operand, or
// -1.
func (h *headline) firstItem(i int) int {
	for ; i < len(h.words); i++ {
		if h.words[i].item != nil {
			return i
		}
	}
	return -1
}

// matches evaluates the query over words[from..to], an operand being
// present at the positions of the words in range it claimed.
func (h *headline) matches(from, to int) bool {
	posOf := func(op *TSQueryNode) []int {
		var ps []int
		for i := from; i <= to; i++ {
			if w := &h.words[i]; w.item == op && (len(ps) == 0 || ps[len(ps)-1] < w.pos) {
				ps = append(ps, w.pos)
			}
		}
		return ps
	}
	return tsExecPositions(h.q, posOf)
}

// cover finds the earliest, shortest run of words from *p on that
// satisfies the query, both ends being query words and the run spanning
// fewer than maxCover words.
func (h *headline) cover(maxCover int, p, q *int) bool {
	for pmin := h.firstItem(*p); pmin >= 0; {
		nextMin := -1
		for pmax := pmin; pmax >= 0 && pmax-pmin < maxCover; {
			if h.matches(pmin, pmax) {
				*p, *q = pmin, pmax
				return true
			}
			next := h.firstItem(pmax + 1)
			if pmax == pmin {
				nextMin = next
			}
			pmax = next
		}
		pmin = nextMin
	}
	return false
}

// mark selects words[from..to] for output.
func (h *headline) mark(highlightAll bool, from, to int) {
	for i := from; i <= to; i++ {
		w := &h.words[i]
		if w.item != nil {
			w.selected = true
		}
		switch {
		case !highlightAll && w.typ == TokTag:
			w.replace = true
		case w.typ == TokURL || w.typ == TokNumHWord || w.typ == TokASCIIHWord || w.typ == TokHWord:
			w.skip = true
		}
		w.in = !w.repeated
	}
}

// markWords chooses one headline (MaxFragments = 0): the best cover,
// stretched or trimmed to MinWords..MaxWords words ending on good words.
func (h *headline) markWords(o HeadlineOptions, maxCover int) {
	if o.HighlightAll {
		if len(h.words) > 0 {
			h.mark(true, 0, len(h.words)-1)
		}
		return
	}
	nonWord := func(i int) bool { return hlNonWord(h.words[i].typ) }
	bestB, bestE, bestLen, bestCover := -1, -1, -1, false
	p, q := 0, 0
	for h.cover(maxCover, &p, &q) {
		curLen, posLen := 0, 0
		posB, posE := p, p
		i := p
		for ; i <= q && curLen < o.MaxWords; i++ {
			if !nonWord(i) {
				curLen++
			}
			if h.interesting(i) {
				posLen++
			}
			posE = i
		}
		if curLen < o.MaxWords {
			// room to lengthen: go forward until full or at a good end,
			// reconsidering the word at q
			for i = i - 1; i < len(h.words) && curLen < o.MaxWords; i++ {
				if i > q {
					if !nonWord(i) {
						curLen++
					}
					if h.interesting(i) {
						posLen++
					}
				}
				posE = i
				if h.badEnd(i) {
					continue
				}
				if curLen >= o.MinWords {
					break
				}
			}
			if curLen < o.MinWords {
				// at the end of the text and still short: extend left
				for i = p - 1; i >= 0; i-- {
					if !nonWord(i) {
						curLen++
					}
					if h.interesting(i) {
						posLen++
					}
					if curLen >= o.MaxWords {
						break
					}
					if h.badEnd(i) {
						continue
					}
					if curLen >= o.MinWords {
						break
					}
				}
				posB = max(i, 0)
			}
		} else {
			// full: shorten if that avoids a bad end
			if i > q {
				i = q
			}
			for ; curLen > o.MinWords; i-- {
				if !h.badEnd(i) {
					break
				}
				if !nonWord(i) {
					curLen--
				}
				if h.interesting(i) {
					posLen--
				}
				posE = i - 1
			}
		}
		posCover := posB <= p && posE >= q
		if posCover && !bestCover ||
			posCover == bestCover && posLen > bestLen ||
			posCover == bestCover && posLen == bestLen && !h.badEnd(posE) && h.badEnd(bestE) {
			bestB, bestE, bestLen, bestCover = posB, posE, posLen, posCover
		}
		p++
	}
	if bestLen < 0 {
		curLen, posE := 0, 0
		for i := 0; i < len(h.words) && curLen < o.MinWords; i++ {
			if !nonWord(i) {
				curLen++
			}
			posE = i
		}
		bestB, bestE = 0, posE
	}
	if len(h.words) > 0 {
		h.mark(false, bestB, bestE)
	}
}

// hlFragment is one candidate fragment of markFragments.
type hlFragment struct {
	start, end     int
	posLen, curLen int
	chosen, out    bool
}

// nextFragment cuts the next fragment of at most maxWords words, both
// ends query words, from the cover run start..end.
func (h *headline) nextFragment(start, end *int, curLen, posLen *int, maxWords int) {
	for i := *start; i <= *end; i++ {
		*start = i
		if h.interesting(i) {
			break
		}
	}
	*curLen, *posLen = 0, 0
	i := *start
	for ; i <= *end && *curLen < maxWords; i++ {
		if !hlNonWord(h.words[i].typ) {
			*curLen++
		}
		if h.interesting(i) {
			*posLen++
		}
	}
	if *end > i {
		*end = i
		for i = *end; i >= *start; i-- {
			*end = i
			if h.interesting(i) {
				break
			}
			if !hlNonWord(h.words[i].typ) {
				*curLen--
			}
		}
	}
}

// markFragments chooses up to MaxFragments fragments: covers cut to
// MaxWords, the ones with most query words (then fewest words) first,
// each stretched toward MaxWords without overlapping a chosen one.
func (h *headline) markFragments(o HeadlineOptions, maxCover int) {
	nonWord := func(i int) bool { return hlNonWord(h.words[i].typ) }
	var frags []hlFragment
	p, q := 0, 0
	for h.cover(maxCover, &p, &q) {
		start, end := p, q
		for start <= end {
			var curLen, posLen int
			h.nextFragment(&start, &end, &curLen, &posLen, o.MaxWords)
			frags = append(frags, hlFragment{start: start, end: end, curLen: curLen, posLen: posLen})
			start, end = end+1, q
		}
		p++
	}
	chosen := 0
	for f := 0; f < o.MaxFragments; f++ {
		maxItems, minWords, best := 0, int(^uint32(0)>>1), -1
		for i, c := range frags {
			if !c.chosen && !c.out && (maxItems < c.posLen || maxItems == c.posLen && minWords > c.curLen) {
				maxItems, minWords, best = c.posLen, c.curLen, i
			}
		}
		if best < 0 {
			break
		}
		b := &frags[best]
		b.chosen = true
		start, end, curLen := b.start, b.end, b.curLen
		if curLen < o.MaxWords {
			maxStretch := (o.MaxWords - curLen) / 2
			stretch, marker := 0, start
			for i := start - 1; i >= 0 && stretch < maxStretch && !h.words[i].in; i-- {
				if !nonWord(i) {
					curLen++
					stretch++
				}
				marker = i
			}
			i := marker
			for ; i < start && h.badEnd(i); i++ {
				if !nonWord(i) {
					curLen--
				}
			}
			start = i
			marker = end
			for i = end + 1; i < len(h.words) && curLen < o.MaxWords && !h.words[i].in; i++ {
				if !nonWord(i) {
					curLen++
				}
				marker = i
			}
			for i = marker; i > end && h.badEnd(i); i-- {
				if !nonWord(i) {
					curLen--
				}
			}
			end = i
		}
		b.start, b.end, b.curLen = start, end, curLen
		h.mark(o.HighlightAll, start, end)
		chosen++
		for i := range frags {
			c := &frags[i]
			if i != best && (c.start >= start && c.start <= end || c.end >= start && c.end <= end || c.start < start && c.end > end) {
				c.out = true
			}
		}
	}
	if chosen == 0 {
		curLen, end := 0, 0
		for i := 0; i < len(h.words) && curLen < o.MinWords; i++ {
			if !nonWord(i) {
				curLen++
			}
			end = i
		}
		if len(h.words) > 0 {
			h.mark(o.HighlightAll, 0, end)
		}
	}
}

// generate writes the selected words, fragments joined by the
// delimiter, query words between StartSel and StopSel, tags as a space.
func (h *headline) generate(o HeadlineOptions) string {
	var b strings.Builder
	inFrag, frags := false, 0
	for i := range h.words {
		w := &h.words[i]
		if w.repeated {
			continue
		}
		if !w.in {
			inFrag = false
			continue
		}
		if !inFrag {
			inFrag = true
			if frags++; frags > 1 {
				b.WriteString(o.FragmentDelimiter)
			}
		}
		switch {
		case w.replace:
			b.WriteByte(' ')
		case w.skip:
		case w.selected:
			b.WriteString(o.StartSel)
			b.WriteString(w.text)
			b.WriteString(o.StopSel)
		default:
			b.WriteString(w.text)
		}
	}
	return b.String()
}
