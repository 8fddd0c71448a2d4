package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// overlay(s PLACING r FROM sp [FOR sl]) for text and bytea: s's first
// sp-1 characters (bytes), then r, then s from position sp+sl on, as
// textoverlay/byteaoverlay build it from two substrings; FOR defaults to
// r's length.
func addOverlay(r *Registry) {
	T, B, I := types.Text, types.Bytea, types.Int4
	text := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s, p := []rune(a[0].(string)), []rune(a[1].(string))
		sl := int64(len(p))
		if len(a) == 4 {
			sl = bfAsInt(a[3])
		}
		out, err := overlaid(s, p, bfAsInt(a[2]), sl)
		return string(out), err
	}
	bytes := func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		s, p := a[0].([]byte), a[1].([]byte)
		sl := int64(len(p))
		if len(a) == 4 {
			sl = bfAsInt(a[3])
		}
		return overlaid(s, p, bfAsInt(a[2]), sl)
	}
	bfAddSimple(r, "overlay", bfTt(T, T, I), T, text)
	bfAddSimple(r, "overlay", bfTt(T, T, I, I), T, text)
	bfAddSimple(r, "overlay", bfTt(B, B, I), B, bytes)
	bfAddSimple(r, "overlay", bfTt(B, B, I, I), B, bytes)
}

func overlaid[E any](s, p []E, sp, sl int64) ([]E, error) {
	end := sp + sl
	if end > math.MaxInt32 || end < math.MinInt32 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
	}
	if sp < 1 {
		return nil, pgerror.New("22011", "negative substring length not allowed")
	}
	head := s[:min(sp-1, int64(len(s)))]
	var tail []E
	if end = max(end, 1); end-1 < int64(len(s)) {
		tail = s[end-1:]
	}
	out := make([]E, 0, len(head)+len(p)+len(tail))
	return append(append(append(out, head...), p...), tail...), nil
}
