package extensions

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestIsnCastsMatchTypes keeps isn's pg_cast rows (Extension.Casts) and
// the casts its types carry out (ExtBase.CastContext) the same.
func TestIsnCastsMatchTypes(t *testing.T) {
	typ := map[string]*types.Type{}
	for i, n := range isnTypes {
		typ[n], _ = types.NewExtType("public", n, uint32(90000+i), 0)
	}
	contexts := map[byte]types.CastContext{'e': types.CastExplicit, 'a': types.CastAssignment, 'i': types.CastImplicit}
	listed := map[[2]string]byte{}
	for _, c := range isnExt().Casts {
		listed[[2]string{c.Source, c.Target}] = c.Context
	}
	if len(listed) != 20 {
		t.Errorf("%d casts, isn 1.2 has 20", len(listed))
	}
	for _, src := range isnTypes {
		for _, dst := range isnTypes {
			if src == dst {
				continue
			}
			got := typ[dst].Ext.CastContext(typ[src], true)
			want := types.CastNone
			if c, ok := listed[[2]string{src, dst}]; ok {
				want = contexts[c]
			}
			if got != want {
				t.Errorf("%s -> %s: the type casts with context %v, pg_cast says %v", src, dst, got, want)
			}
		}
	}
}
