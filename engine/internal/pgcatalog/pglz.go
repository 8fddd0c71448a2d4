package pgcatalog

// pglzCompressedSize is the length of PostgreSQL's pglz compression of
// src with its default strategy (what TOAST stores for a compressed
// value): ok is false when pglz gives up (input under 32 bytes, nothing
// matched in the first 1024 output bytes, or less than 25% saved). Only
// the size is produced; the history table and match search follow
// pg_lzcompress.c so that the size is the same.
func pglzCompressedSize(src []byte) (int, bool) {
	const (
		minInput       = 32
		minCompRate    = 25
		firstSuccessBy = 1024
		goodMatchInit  = 128
		goodDrop       = 10
		maxMatch       = 273
		historySize    = 4096
	)
	slen := len(src)
	if slen < minInput {
		return 0, false
	}
	resultMax := slen * (100 - minCompRate) / 100
	hashsz := 8192
	switch {
	case slen < 128:
		hashsz = 512
	case slen < 256:
		hashsz = 1024
	case slen < 512:
		hashsz = 2048
	case slen < 1024:
		hashsz = 4096
	}
	mask := hashsz - 1
	// signed chars, as the C code reads them
	sc := func(i int) int { return int(int8(src[i])) }
	histIdx := func(p int) int {
		if slen-p < 4 {
			return sc(p) & mask
		}
		return (sc(p)<<6 ^ sc(p+1)<<4 ^ sc(p+2)<<2 ^ sc(p+3)) & mask
	}
	type entry struct {
		next, prev int // entry indexes; 0 is the invalid entry
		hindex     int
		pos        int
	}
	start := make([]int, hashsz)
	entries := make([]entry, historySize+1)
	next, recycle := 1, false
	add := func(p int) {
		h := histIdx(p)
		e := &entries[next]
		if recycle {
			if e.prev == 0 {
				start[e.hindex] = e.next
			} else {
				entries[e.prev].next = e.next
			}
			if e.next != 0 {
				entries[e.next].prev = e.prev
			}
		}
		e.next, e.prev, e.hindex, e.pos = start[h], 0, h, p
		entries[start[h]].prev = next
		start[h] = next
		if next++; next >= historySize+1 {
			next, recycle = 1, true
		}
	}
	findMatch := func(p int) (int, int, bool) {
		length, off := 0, 0
		good := goodMatchInit
		for h := start[histIdx(p)]; h != 0; {
			hp := entries[h].pos
			thisOff := p - hp
			if thisOff >= 0x0fff {
				break
			}
			n := 0
			for p+n < slen && src[p+n] == src[hp+n] && n < maxMatch {
				n++
			}
			if n > length {
				length, off = n, thisOff
			}
			h = entries[h].next
			if h != 0 {
				if length >= good {
					break
				}
				good -= good * goodDrop / 100
			}
		}
		return length, off, length > 2
	}
	out, ctrlBits := 0, 0 // bytes written; items under the current control byte
	found := false
	emit := func(n int) {
		if ctrlBits%8 == 0 {
			out++ // a new control byte
		}
		ctrlBits++
		out += n
	}
	for dp := 0; dp < slen; {
		if out >= resultMax || !found && out >= firstSuccessBy {
			return 0, false
		}
		if n, _, ok := findMatch(dp); ok {
			if n > 17 {
				emit(3)
			} else {
				emit(2)
			}
			for ; n > 0; n-- {
				add(dp)
				dp++
			}
			found = true
			continue
		}
		emit(1)
		add(dp)
		dp++
	}
	if out >= resultMax {
		return 0, false
	}
	return out, true
}
