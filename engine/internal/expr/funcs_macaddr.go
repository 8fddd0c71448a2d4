package expr

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddMacaddrFuncs adds the MAC address functions (docs 9.13).
// A family of session.Builtins.
func AddMacaddrFuncs(r *Registry) {
	M, M8 := types.Macaddr, types.Macaddr8
	mac := func(res *types.Type, f func(b []byte)) bfFnT {
		return func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			b := types.MacaddrBytes(a[0].(string))
			f(b)
			return types.FormatMacaddr(b), nil
		}
	}
	// trunc keeps the manufacturer's three bytes
	zeroTail := func(b []byte) {
		for i := 3; i < len(b); i++ {
			b[i] = 0
		}
	}
	bfAddSimple(r, "trunc", bfTt(M), M, mac(M, zeroTail))
	bfAddSimple(r, "trunc", bfTt(M8), M8, mac(M8, zeroTail))
	// set7bit marks the address locally administered (modified EUI-64)
	bfAddSimple(r, "macaddr8_set7bit", bfTt(M8), M8, mac(M8, func(b []byte) { b[0] |= 0x02 }))
}

func init() {
	for _, t := range []*types.Type{types.Macaddr, types.Macaddr8} {
		addPrefix("~", t, t, func(_ *types.Env, v any) (any, error) {
			b := types.MacaddrBytes(v.(string))
			for i := range b {
				b[i] = ^b[i]
			}
			return types.FormatMacaddr(b), nil
		})
		bitwise := func(f func(x, y byte) byte) OpFunc {
			return func(_ *types.Env, l, r any) (any, error) {
				x, y := types.MacaddrBytes(l.(string)), types.MacaddrBytes(r.(string))
				for i := range x {
					x[i] = f(x[i], y[i])
				}
				return types.FormatMacaddr(x), nil
			}
		}
		addOp("&", t, t, t, bitwise(func(x, y byte) byte { return x & y }))
		addOp("|", t, t, t, bitwise(func(x, y byte) byte { return x | y }))
	}
}
