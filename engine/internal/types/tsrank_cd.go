package types

import (
	"math"
	"sort"
)

// TSRankCD is ts_rank_cd(weights, vector, query, normalization): cover
// density ranking as tsrank.c's calc_rank_cd computes it. The document's
// matching positions are walked for covers (the shortest stretches that
// satisfy the query); each cover adds its density, inversely weighted by
// the weights of its lexemes and the noise words inside it.
func TSRankCD(v TSVectorVal, q *TSQueryNode, w [4]float32, method int32) float32 {
	var invws [4]float64
	for i := range w {
		invws[i] = 1.0 / float64(w[i])
	}
	doc := cdDocRep(v, q)
	if len(doc) == 0 {
		return 0
	}
	var (
		wdoc, sumDist, prevExtPos float64
		nExtent                   int
	)
	c := &cdCover{doc: doc, q: q}
	for c.next() {
		var invSum float64
		for i := c.begin; i <= c.end; i++ {
			invSum += invws[tsWeight(doc[i].pos)]
		}
		cpos := float64(c.end-c.begin+1) / invSum
		// with positions capped at the maximum, q may equal p: the noise
		// is then taken as half the cover's length
		nNoise := (c.hi - c.lo) - (c.end - c.begin)
		if nNoise < 0 {
			nNoise = (c.end - c.begin) / 2
		}
		wdoc += cpos / float64(1+nNoise)
		curExtPos := float64(c.hi+c.lo) / 2.0
		if nExtent > 0 && curExtPos > prevExtPos {
			sumDist += 1.0 / (curExtPos - prevExtPos)
		}
		prevExtPos = curExtPos
		nExtent++
	}
	length := tsLength(v)
	if method&0x01 != 0 && len(v) > 0 {
		// calc_rank_cd divides by the natural log here, unlike ts_rank
		wdoc /= math.Log(float64(length + 1))
	}
	if method&0x02 != 0 && length > 0 {
		wdoc /= float64(length)
	}
	if method&0x04 != 0 && nExtent > 0 && sumDist > 0 {
		wdoc /= float64(nExtent) / sumDist
	}
	if method&0x08 != 0 && len(v) > 0 {
		wdoc /= float64(len(v))
	}
	if method&0x10 != 0 && len(v) > 0 {
		wdoc /= math.Log(float64(len(v)+1)) / math.Log(2.0)
	}
	if method&0x20 != 0 {
		wdoc /= wdoc + 1
	}
	return float32(wdoc)
}

// tsLength is cnt_length: the number of positions, a lexeme without
// positions counting once.
func tsLength(v TSVectorVal) int {
	n := 0
	for _, lx := range v {
		if len(lx.Pos) == 0 {
			n++
		} else {
			n += len(lx.Pos)
		}
	}
	return n
}

// cdEntry is one position of the document that some query operands
// match (get_docrep's DocRepresentation).
type cdEntry struct {
	pos   uint16 // with its weight bits
	lex   int    // the lexeme's index in the vector
	items []*TSQueryNode
}

// cdDocRep lists every position of a lexeme the query's operands match
// (lexemes without positions are ignored), sorted by position, weight
// and lexeme, with the operands of one lexeme's position joined.
func cdDocRep(v TSVectorVal, q *TSQueryNode) []cdEntry {
	var raw []cdEntry
	var walk func(n *TSQueryNode)
	walk = func(n *TSQueryNode) {
		if n == nil {
			return
		}
		if n.Op != 0 {
			walk(n.Left)
			walk(n.Right)
			return
		}
		for i := range v {
			lx := &v[i]
			if lx.Word != n.Word && !(n.Prefix && len(lx.Word) >= len(n.Word) && lx.Word[:len(n.Word)] == n.Word) {
				continue
			}
			for _, p := range lx.Pos {
				if n.Weights == 0 || n.Weights&(1<<tsWeight(p)) != 0 {
					raw = append(raw, cdEntry{pos: p, lex: i, items: []*TSQueryNode{n}})
				}
			}
		}
	}
	walk(q)
	sort.SliceStable(raw, func(i, j int) bool {
		a, b := raw[i], raw[j]
		if tsPos(a.pos) != tsPos(b.pos) {
			return tsPos(a.pos) < tsPos(b.pos)
		}
		if tsWeight(a.pos) != tsWeight(b.pos) {
			return tsWeight(a.pos) < tsWeight(b.pos)
		}
		return a.lex < b.lex
	})
	var doc []cdEntry
	for _, e := range raw {
		if k := len(doc) - 1; k >= 0 && doc[k].pos == e.pos && doc[k].lex == e.lex {
			doc[k].items = append(doc[k].items, e.items...)
			continue
		}
		doc = append(doc, e)
	}
	return doc
}

// cdCover walks a document representation for covers, as tsrank.c's
// Cover does: from the current start, the first entry at which the query
// holds is the cover's end; from there back, the first entry at which it
// holds again is its beginning.
type cdCover struct {
	doc        []cdEntry
	q          *TSQueryNode
	start      int // ext->pos
	begin, end int // entry indexes of the last cover
	lo, hi     int // its first and last positions (ext->p, ext->q)
	operands   map[*TSQueryNode][]int
}

func (c *cdCover) next() bool {
	for {
		c.operands = map[*TSQueryNode][]int{}
		c.lo, c.hi = math.MaxInt32, 0
		last, found := c.start, false
		for i := c.start; i < len(c.doc); i++ {
			c.fill(i)
			if c.eval(c.q) {
				if p := int(tsPos(c.doc[i].pos)); p > c.hi {
					c.hi, c.end, last, found = p, i, i, true
				}
				break
			}
		}
		if !found {
			return false
		}
		c.operands = map[*TSQueryNode][]int{}
		i := last
		for ; i >= c.start; i-- {
			c.fill(i)
			if c.eval(c.q) {
				if p := int(tsPos(c.doc[i].pos)); p < c.lo {
					c.begin, c.lo = i, p
				}
				break
			}
		}
		if c.lo <= c.hi {
			c.start = i + 1
			return true
		}
		c.start++
	}
}

// fill is fillQueryRepresentationData: the entry's operands now exist,
// at its position.
func (c *cdCover) fill(i int) {
	e := c.doc[i]
	p := int(tsPos(e.pos))
	for _, n := range e.items {
		ps, ok := c.operands[n]
		if !ok || ps[len(ps)-1] != p {
			c.operands[n] = append(ps, p)
		}
	}
}

// eval is TS_execute over the operands seen so far.
func (c *cdCover) eval(n *TSQueryNode) bool {
	switch n.Op {
	case 0:
		_, ok := c.operands[n]
		return ok
	case '!':
		return !c.eval(n.Right)
	case '&':
		return c.eval(n.Left) && c.eval(n.Right)
	case '|':
		return c.eval(n.Left) || c.eval(n.Right)
	}
	ok, _ := c.phrase(n)
	return ok
}

// phrase evaluates a phrase operator over the operands' positions: the
// right side's positions that follow a left side's by the distance.
func (c *cdCover) phrase(n *TSQueryNode) (bool, []int) {
	switch n.Op {
	case 0:
		ps, ok := c.operands[n]
		return ok, ps
	case '<':
		l, lp := c.phrase(n.Left)
		if !l {
			return false, nil
		}
		r, rp := c.phrase(n.Right)
		if !r {
			return false, nil
		}
		var out []int
		for _, p := range rp {
			for _, x := range lp {
				if p-x == n.Dist {
					out = append(out, p)
					break
				}
			}
		}
		return len(out) > 0, out
	}
	return c.eval(n), nil
}
