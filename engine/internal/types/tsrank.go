package types

import (
	"math"
	"sort"
)

// TSRankWeighted is ts_rank with the weights of D, C, B and A and no
// normalization, computed as tsrank.c's calc_rank does, in the same
// single-precision steps so that the real result prints the same digits.
func TSRankWeighted(v TSVectorVal, q *TSQueryNode, w [4]float32) float32 {
	if len(v) == 0 || q == nil {
		return 0
	}
	items := tsUniqOperands(q)
	var res float32
	if (q.Op == '&' || q.Op == '<') && len(items) >= 2 {
		res = tsRankAnd(v, items, &w)
	} else {
		res = tsRankOr(v, items, &w)
	}
	if res < 0 {
		res = 1e-20
	}
	return res
}

// TSRankDefaultWeights are ts_rank's weights of D, C, B and A.
var TSRankDefaultWeights = [4]float32{0.1, 0.2, 0.4, 1.0}

const tsMaxEntryPos = 1 << 14

// tsUniqOperands is SortAndUniqItems: the query's operands, unique.
func tsUniqOperands(q *TSQueryNode) []*TSQueryNode {
	var out []*TSQueryNode
	var walk func(n *TSQueryNode)
	walk = func(n *TSQueryNode) {
		if n == nil {
			return
		}
		if n.Op == 0 {
			out = append(out, n)
			return
		}
		walk(n.Left)
		walk(n.Right)
	}
	walk(q)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Word != out[j].Word {
			return out[i].Word < out[j].Word
		}
		return !out[i].Prefix && out[j].Prefix
	})
	var u []*TSQueryNode
	for _, n := range out {
		if k := len(u); k > 0 && u[k-1].Word == n.Word && u[k-1].Prefix == n.Prefix {
			continue
		}
		u = append(u, n)
	}
	return u
}

// tsEntries is find_wordentry: the lexemes an operand matches.
func tsEntries(v TSVectorVal, n *TSQueryNode) []Lexeme { return tsLexemes(v, n) }

// tsPositions is an entry's positions, or the dummy position
// MAXENTRYPOS-1 with weight D when it has none (POSNULL).
func tsPositions(lx Lexeme) ([]uint16, bool) {
	if len(lx.Pos) == 0 {
		return []uint16{tsMaxEntryPos - 1}, true
	}
	return lx.Pos, false
}

func wpos(w *[4]float32, p uint16) float32 { return w[tsWeight(p)] }

func wordDistance(w int32) float32 {
	if w > 100 {
		return 1e-30
	}
	return float32(1.0 / (1.005 + 0.05*math.Exp(float64(float32(w))/1.5-2)))
}

func tsRankAnd(v TSVectorVal, items []*TSQueryNode, w *[4]float32) float32 {
	res := float32(-1.0)
	type posv struct {
		pos  []uint16
		null bool
	}
	pos := make([]*posv, len(items))
	for i, it := range items {
		for _, lx := range tsEntries(v, it) {
			ps, null := tsPositions(lx)
			pos[i] = &posv{ps, null}
			for k := 0; k < i; k++ {
				if pos[k] == nil {
					continue
				}
				for _, pl := range pos[i].pos {
					for _, pk := range pos[k].pos {
						dist := int32(tsPos(pl)) - int32(tsPos(pk))
						if dist < 0 {
							dist = -dist
						}
						if dist != 0 || pos[i].null || pos[k].null {
							if dist == 0 {
								dist = tsMaxEntryPos
							}
							prod := wpos(w, pl) * wpos(w, pk)
							prod *= wordDistance(dist)
							curw := float32(math.Sqrt(float64(prod)))
							if res < 0 {
								res = curw
							} else {
								res = float32(1.0 - (1.0-float64(res))*(1.0-float64(curw)))
							}
						}
					}
				}
			}
		}
	}
	return res
}

func tsRankOr(v TSVectorVal, items []*TSQueryNode, w *[4]float32) float32 {
	var res float32
	for _, it := range items {
		for _, lx := range tsEntries(v, it) {
			post, _ := tsPositions(lx)
			var resj float32
			wjm := float32(-1.0)
			jm := 0
			for j, p := range post {
				resj = resj + wpos(w, p)/float32((j+1)*(j+1))
				if wpos(w, p) > wjm {
					wjm = wpos(w, p)
					jm = j
				}
			}
			res = float32(float64(res) + float64(wjm+resj-wjm/float32((jm+1)*(jm+1)))/1.64493406685)
		}
	}
	if len(items) > 0 {
		res = res / float32(len(items))
	}
	return res
}

// TSRankNorm applies ts_rank's normalization flags (1: divide by 1 +
// log2 of the document length, 2: by the length, 8: by the number of
// unique lexemes, 16: by 1 + log2 of it, 32: rank / (rank + 1); 4 does
// not apply to ts_rank).
func TSRankNorm(res float32, v TSVectorVal, method int32) float32 {
	length := 0
	for _, lx := range v {
		if len(lx.Pos) == 0 {
			length++
		} else {
			length += len(lx.Pos)
		}
	}
	if method&0x01 != 0 && len(v) > 0 {
		res = float32(float64(res) / (math.Log(float64(length+1)) / math.Log(2.0)))
	}
	if method&0x02 != 0 && length > 0 {
		res /= float32(length)
	}
	if method&0x08 != 0 && len(v) > 0 {
		res /= float32(len(v))
	}
	if method&0x10 != 0 && len(v) > 0 {
		res = float32(float64(res) / (math.Log(float64(len(v)+1)) / math.Log(2.0)))
	}
	if method&0x20 != 0 {
		res /= res + 1
	}
	return res
}
