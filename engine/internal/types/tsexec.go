package types

import "math"

// tsPhraseData is what a subquery under a phrase operator matches: the
// positions at which its match ends (or, negated, those at which it
// does not match) and the width of the match.
type tsPhraseData struct {
	pos    []int
	negate bool
	width  int
}

// tsExecPositions evaluates q with posOf giving each operand's
// positions (sorted, unique), as PostgreSQL's TS_execute does without
// TS_EXEC_SKIP_NOT: NOT is a real negation and phrase operators compare
// positions, widths included.
func tsExecPositions(q *TSQueryNode, posOf func(*TSQueryNode) []int) bool {
	if q == nil {
		return false
	}
	switch q.Op {
	case 0:
		return len(posOf(q)) > 0
	case '!':
		return !tsExecPositions(q.Right, posOf)
	case '&':
		return tsExecPositions(q.Left, posOf) && tsExecPositions(q.Right, posOf)
	case '|':
		return tsExecPositions(q.Left, posOf) || tsExecPositions(q.Right, posOf)
	}
	d, ok := tsPhraseExec(q, posOf)
	return ok && (d.negate || len(d.pos) > 0)
}

// emit flags of tsPhraseOutput: positions only the left side has, only
// the right side has, or both have.
const (
	tspoLOnly = 1 << iota
	tspoROnly
	tspoBoth
)

func tsPhraseExec(q *TSQueryNode, posOf func(*TSQueryNode) []int) (tsPhraseData, bool) {
	switch q.Op {
	case 0:
		ps := posOf(q)
		return tsPhraseData{pos: ps}, len(ps) > 0
	case '!':
		d, ok := tsPhraseExec(q.Right, posOf)
		switch {
		case !ok:
			return tsPhraseData{negate: true, width: d.width}, true
		case len(d.pos) > 0:
			d.negate = !d.negate
			return d, true
		default:
			d.negate = false
			return d, false
		}
	case '|':
		l, lok := tsPhraseExec(q.Left, posOf)
		r, rok := tsPhraseExec(q.Right, posOf)
		if !lok && !rok {
			return tsPhraseData{}, false
		}
		if !lok {
			l.width = 0
		}
		if !rok {
			r.width = 0
		}
		w := max(l.width, r.width)
		lo, ro := w-l.width, w-r.width
		switch {
		case l.negate && r.negate:
			return tsPhraseData{pos: tsPhraseOutput(l, r, tspoBoth, lo, ro), negate: true, width: w}, true
		case l.negate:
			return tsPhraseData{pos: tsPhraseOutput(l, r, tspoLOnly, lo, ro), negate: true, width: w}, true
		case r.negate:
			return tsPhraseData{pos: tsPhraseOutput(l, r, tspoROnly, lo, ro), negate: true, width: w}, true
		}
		out := tsPhraseData{pos: tsPhraseOutput(l, r, tspoBoth|tspoLOnly|tspoROnly, lo, ro), width: w}
		return out, len(out.pos) > 0
	}
	// '&' and '<'
	l, ok := tsPhraseExec(q.Left, posOf)
	if !ok {
		return tsPhraseData{}, false
	}
	r, ok := tsPhraseExec(q.Right, posOf)
	if !ok {
		return tsPhraseData{}, false
	}
	var lo, ro, w int
	if q.Op == '<' {
		lo, w = q.Dist+r.width, q.Dist+l.width+r.width
	} else {
		w = max(l.width, r.width)
		lo, ro = w-l.width, w-r.width
	}
	out := tsPhraseData{width: w}
	switch {
	case l.negate && r.negate:
		out.pos, out.negate = tsPhraseOutput(l, r, tspoBoth|tspoLOnly|tspoROnly, lo, ro), true
		return out, true
	case l.negate:
		out.pos = tsPhraseOutput(l, r, tspoROnly, lo, ro)
	case r.negate:
		out.pos = tsPhraseOutput(l, r, tspoLOnly, lo, ro)
	default:
		out.pos = tsPhraseOutput(l, r, tspoBoth, lo, ro)
	}
	return out, len(out.pos) > 0
}

// tsPhraseOutput merges the two sides' positions (each shifted by its
// offset), keeping those the emit flags ask for.
func tsPhraseOutput(l, r tsPhraseData, emit, lo, ro int) []int {
	var out []int
	li, ri := 0, 0
	for li < len(l.pos) || ri < len(r.pos) {
		lp, rp := math.MaxInt, math.MaxInt
		if li < len(l.pos) {
			lp = l.pos[li] + lo
		} else if emit&tspoROnly == 0 {
			break
		}
		if ri < len(r.pos) {
			rp = r.pos[ri] + ro
		} else if emit&tspoLOnly == 0 {
			break
		}
		p := 0
		switch {
		case lp < rp:
			if emit&tspoLOnly != 0 {
				p = lp
			}
			li++
		case lp == rp:
			if emit&tspoBoth != 0 {
				p = rp
			}
			li++
			ri++
		default:
			if emit&tspoROnly != 0 {
				p = rp
			}
			ri++
		}
		if p > 0 {
			out = append(out, p)
		}
	}
	return out
}
