package expr

import (
	"math/big"
	"net/netip"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// netVal is an inet or cidr value: an address and its mask length. Values
// travel as their canonical text (types.ParseInet / ParseCidr).
type netVal struct {
	addr netip.Addr
	bits int
}

func netOf(v any) netVal {
	s, _ := v.(string)
	a, b, has := strings.Cut(s, "/")
	addr, _ := netip.ParseAddr(a)
	bits := addr.BitLen()
	if has {
		bits, _ = strconv.Atoi(b)
	}
	return netVal{addr, bits}
}

func (n netVal) width() int { return n.addr.BitLen() }

// inetText is inet's output: the mask length only when it is not the
// full width.
func (n netVal) inetText() string {
	if n.bits == n.width() {
		return types.FormatIP(n.addr)
	}
	return types.FormatIP(n.addr) + "/" + strconv.Itoa(n.bits)
}

func (n netVal) cidrText() string { return types.FormatIP(n.addr) + "/" + strconv.Itoa(n.bits) }

func (n netVal) masked() netip.Addr {
	p, _ := n.addr.Prefix(n.bits)
	return p.Addr()
}

// addrInt is the address as an unsigned integer.
func addrInt(a netip.Addr) *big.Int { return new(big.Int).SetBytes(a.AsSlice()) }

func addrFromInt(i *big.Int, is4 bool) (netip.Addr, bool) {
	n := 16
	if is4 {
		n = 4
	}
	if i.Sign() < 0 || i.BitLen() > n*8 {
		return netip.Addr{}, false
	}
	b := i.FillBytes(make([]byte, n))
	a, _ := netip.AddrFromSlice(b)
	return a, true
}

// hostMask is the mask of the host bits as an address.
func hostMask(n netVal) netip.Addr {
	w := n.width()
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-n.bits)), big.NewInt(1))
	a, _ := addrFromInt(m, n.addr.Is4())
	return a
}

func netMask(n netVal) netip.Addr {
	w := n.width()
	all := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	m := new(big.Int).Xor(all, addrInt(hostMask(n)))
	a, _ := addrFromInt(m, n.addr.Is4())
	return a
}

// cidrAbbrev is abbrev(cidr): only the octets (IPv4) or 16-bit groups
// (IPv6) the mask covers.
func cidrAbbrev(n netVal) string {
	b := n.addr.AsSlice()
	if n.addr.Is4() {
		k := (n.bits + 7) / 8
		if k < 1 {
			k = 1
		}
		parts := make([]string, k)
		for i := 0; i < k; i++ {
			parts[i] = strconv.Itoa(int(b[i]))
		}
		return strings.Join(parts, ".") + "/" + strconv.Itoa(n.bits)
	}
	return types.FormatIP(n.addr) + "/" + strconv.Itoa(n.bits)
}

// netContains reports whether outer's network holds inner (same family,
// outer's mask no longer than inner's).
func netContains(outer, inner netVal, strict bool) bool {
	if outer.addr.Is4() != inner.addr.Is4() {
		return false
	}
	if inner.bits < outer.bits || (strict && inner.bits == outer.bits) {
		return false
	}
	p, _ := inner.addr.Prefix(outer.bits)
	return p.Addr() == outer.masked()
}

func invalidMaskLength(n int64) error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid mask length: %d", n)
}

func setMasklen(v any, n int64) (netVal, error) {
	x := netOf(v)
	if n == -1 {
		n = int64(x.width())
	}
	if n < 0 || n > int64(x.width()) {
		return x, invalidMaskLength(n)
	}
	x.bits = int(n)
	return x, nil
}

// AddInetFuncs adds the network address functions (docs 9.12).
// A family of session.Builtins.
func AddInetFuncs(r *Registry) {
	IN, CI, T, I4, B := types.Inet, types.Cidr, types.Text, types.Int4, types.Bool
	one := func(res *types.Type, f func(n netVal) any) bfFnT {
		return func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return f(netOf(a[0])), nil }
	}
	bfAddSimple(r, "abbrev", bfTt(IN), T, one(T, func(n netVal) any { return n.inetText() }))
	bfAddSimple(r, "abbrev", bfTt(CI), T, one(T, func(n netVal) any { return cidrAbbrev(n) }))
	bfAddSimple(r, "broadcast", bfTt(IN), IN, one(IN, func(n netVal) any {
		a, _ := addrFromInt(new(big.Int).Or(addrInt(n.addr), addrInt(hostMask(n))), n.addr.Is4())
		return netVal{a, n.bits}.inetText()
	}))
	bfAddSimple(r, "family", bfTt(IN), I4, one(I4, func(n netVal) any {
		if n.addr.Is4() {
			return int32(4)
		}
		return int32(6)
	}))
	bfAddSimple(r, "host", bfTt(IN), T, one(T, func(n netVal) any { return types.FormatIP(n.addr) }))
	bfAddSimple(r, "text", bfTt(IN), T, one(T, func(n netVal) any { return n.cidrText() }))
	bfAddSimple(r, "hostmask", bfTt(IN), IN, one(IN, func(n netVal) any { return types.FormatIP(hostMask(n)) }))
	bfAddSimple(r, "netmask", bfTt(IN), IN, one(IN, func(n netVal) any { return types.FormatIP(netMask(n)) }))
	bfAddSimple(r, "masklen", bfTt(IN), I4, one(I4, func(n netVal) any { return int32(n.bits) }))
	bfAddSimple(r, "network", bfTt(IN), CI, one(CI, func(n netVal) any { return netVal{n.masked(), n.bits}.cidrText() }))
	bfAddSimple(r, "set_masklen", bfTt(IN, I4), IN, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		x, err := setMasklen(a[0], bfAsInt(a[1]))
		if err != nil {
			return nil, err
		}
		return x.inetText(), nil
	})
	bfAddSimple(r, "set_masklen", bfTt(CI, I4), CI, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		x, err := setMasklen(a[0], bfAsInt(a[1]))
		if err != nil {
			return nil, err
		}
		return netVal{x.masked(), x.bits}.cidrText(), nil
	})
	bfAddSimple(r, "inet_same_family", bfTt(IN, IN), B, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return netOf(a[0]).addr.Is4() == netOf(a[1]).addr.Is4(), nil
	})
	bfAddSimple(r, "inet_merge", bfTt(IN, IN), CI, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		x, y := netOf(a[0]), netOf(a[1])
		if x.addr.Is4() != y.addr.Is4() {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot merge addresses from different families")
		}
		bits := min(x.bits, y.bits)
		xb, yb := x.addr.AsSlice(), y.addr.AsSlice()
		common := 0
		for common < bits {
			i, sh := common/8, 7-common%8
			if (xb[i]>>sh)&1 != (yb[i]>>sh)&1 {
				break
			}
			common++
		}
		m := netVal{x.addr, common}
		return netVal{m.masked(), common}.cidrText(), nil
	})
}

func init() {
	IN, B, I8 := types.Inet, types.Bool, types.Int8
	cmp := func(f func(a, b netVal) bool) OpFunc {
		return func(_ *types.Env, a, b any) (any, error) { return f(netOf(a), netOf(b)), nil }
	}
	addOp("<<", IN, IN, B, cmp(func(a, b netVal) bool { return netContains(b, a, true) }))
	addOp("<<=", IN, IN, B, cmp(func(a, b netVal) bool { return netContains(b, a, false) }))
	addOp(">>", IN, IN, B, cmp(func(a, b netVal) bool { return netContains(a, b, true) }))
	addOp(">>=", IN, IN, B, cmp(func(a, b netVal) bool { return netContains(a, b, false) }))
	addOp("&&", IN, IN, B, cmp(func(a, b netVal) bool { return netContains(a, b, false) || netContains(b, a, false) }))
	addPrefix("~", IN, IN, func(_ *types.Env, v any) (any, error) {
		n := netOf(v)
		b := n.addr.AsSlice()
		for i := range b {
			b[i] = ^b[i]
		}
		a, _ := netip.AddrFromSlice(b)
		return netVal{a, n.bits}.inetText(), nil
	})
	bitwise := func(word string, f func(x, y byte) byte) OpFunc {
		return func(_ *types.Env, l, r any) (any, error) {
			x, y := netOf(l), netOf(r)
			if x.addr.Is4() != y.addr.Is4() {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot %s inet values of different sizes", word)
			}
			xb, yb := x.addr.AsSlice(), y.addr.AsSlice()
			for i := range xb {
				xb[i] = f(xb[i], yb[i])
			}
			a, _ := netip.AddrFromSlice(xb)
			return netVal{a, max(x.bits, y.bits)}.inetText(), nil
		}
	}
	addOp("&", IN, IN, IN, bitwise("AND", func(x, y byte) byte { return x & y }))
	addOp("|", IN, IN, IN, bitwise("OR", func(x, y byte) byte { return x | y }))
	plus := func(n netVal, d int64) (any, error) {
		i := new(big.Int).Add(addrInt(n.addr), big.NewInt(d))
		a, ok := addrFromInt(i, n.addr.Is4())
		if !ok {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "result is out of range")
		}
		return netVal{a, n.bits}.inetText(), nil
	}
	addOp("+", IN, I8, IN, func(_ *types.Env, a, b any) (any, error) { return plus(netOf(a), toInt(b)) })
	addOp("+", I8, IN, IN, func(_ *types.Env, a, b any) (any, error) { return plus(netOf(b), toInt(a)) })
	addOp("-", IN, I8, IN, func(_ *types.Env, a, b any) (any, error) {
		d := toInt(b)
		if d == -d && d != 0 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "result is out of range")
		}
		return plus(netOf(a), -d)
	})
	addOp("-", IN, IN, I8, func(_ *types.Env, a, b any) (any, error) {
		x, y := netOf(a), netOf(b)
		if x.addr.Is4() != y.addr.Is4() {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot subtract inet values of different sizes")
		}
		d := new(big.Int).Sub(addrInt(x.addr), addrInt(y.addr))
		if !d.IsInt64() {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "result is out of range")
		}
		return d.Int64(), nil
	})
}
