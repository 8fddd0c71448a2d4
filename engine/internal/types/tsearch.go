package types

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// tsvector and tsquery (docs 8.11), kept as their canonical text; the
// functions that work on them parse that text back (TSVectorOf, TSQueryOf).
var (
	TSVector = &Type{Kind: KindTSVector, OID: 3614, Name: "tsvector", SQLName: "tsvector", Category: 'U', Mod: -1, ArrayOID: 3643, Len: -1}
	TSQuery  = &Type{Kind: KindTSQuery, OID: 3615, Name: "tsquery", SQLName: "tsquery", Category: 'U', Mod: -1, ArrayOID: 3645, Len: -1}
)

// Lexeme is one tsvector entry: the word and its positions, each with its
// weight (3 = A … 0 = D) in the top two bits as PostgreSQL packs them.
type Lexeme struct {
	Word string
	Pos  []uint16
}

// TSVectorVal is a parsed tsvector: lexemes sorted and unique.
type TSVectorVal []Lexeme

const tsMaxPos = 16383

func tsPos(p uint16) uint16    { return p & 0x3fff }
func tsWeight(p uint16) uint16 { return p >> 14 }

// ParseTSVector is tsvectorin followed by tsvectorout.
func ParseTSVector(s string) (string, error) {
	v, err := TSVectorOf(s)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// TSVectorOf parses tsvector text.
func TSVectorOf(s string) (TSVectorVal, error) {
	bad := func() error {
		return pgerror.New(pgerror.SyntaxError, "syntax error in tsvector: %q", s)
	}
	var out []Lexeme
	i := 0
	for {
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		var w strings.Builder
		if s[i] == '\'' {
			i++
			closed := false
			for i < len(s) {
				c := s[i]
				if c == '\\' && i+1 < len(s) {
					w.WriteByte(s[i+1])
					i += 2
					continue
				}
				if c == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						w.WriteByte('\'')
						i += 2
						continue
					}
					i++
					closed = true
					break
				}
				w.WriteByte(c)
				i++
			}
			if !closed {
				return nil, bad()
			}
		} else {
			for i < len(s) && !isSpaceByte(s[i]) && s[i] != ':' {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				w.WriteByte(s[i])
				i++
			}
		}
		if w.Len() == 0 && (i >= len(s) || s[i] != ':') {
			return nil, bad()
		}
		lx := Lexeme{Word: w.String()}
		if i < len(s) && s[i] == ':' {
			i++
			for {
				j := i
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				if j == i {
					return nil, bad()
				}
				n, _ := strconv.Atoi(s[i:j])
				if n > tsMaxPos {
					n = tsMaxPos
				}
				if n == 0 {
					return nil, pgerror.New(pgerror.SyntaxError, "wrong position info in tsvector: %q", s)
				}
				p := uint16(n)
				i = j
				if i < len(s) {
					switch unicode.ToUpper(rune(s[i])) {
					case 'A':
						p |= 3 << 14
						i++
					case 'B':
						p |= 2 << 14
						i++
					case 'C':
						p |= 1 << 14
						i++
					case 'D', '*':
						i++
					}
				}
				lx.Pos = append(lx.Pos, p)
				if i < len(s) && s[i] == ',' {
					i++
					continue
				}
				break
			}
			if i < len(s) && !isSpaceByte(s[i]) {
				return nil, bad()
			}
		}
		out = append(out, lx)
	}
	return NormalizeTSVector(out), nil
}

// NormalizeTSVector sorts lexemes, merges duplicates and sorts and
// de-duplicates each one's positions (a repeated position keeps the
// higher weight).
func NormalizeTSVector(in []Lexeme) TSVectorVal {
	sort.SliceStable(in, func(a, b int) bool { return in[a].Word < in[b].Word })
	var out TSVectorVal
	for _, lx := range in {
		if n := len(out); n > 0 && out[n-1].Word == lx.Word {
			out[n-1].Pos = append(out[n-1].Pos, lx.Pos...)
			continue
		}
		out = append(out, Lexeme{Word: lx.Word, Pos: append([]uint16(nil), lx.Pos...)})
	}
	for k := range out {
		ps := out[k].Pos
		sort.SliceStable(ps, func(a, b int) bool { return tsPos(ps[a]) < tsPos(ps[b]) })
		var u []uint16
		for _, p := range ps {
			if n := len(u); n > 0 && tsPos(u[n-1]) == tsPos(p) {
				if tsWeight(p) > tsWeight(u[n-1]) {
					u[n-1] = p
				}
				continue
			}
			u = append(u, p)
		}
		out[k].Pos = u
	}
	return out
}

// String is tsvectorout.
func (v TSVectorVal) String() string {
	var b strings.Builder
	for i, lx := range v {
		if i > 0 {
			b.WriteByte(' ')
		}
		writeTSWord(&b, lx.Word)
		for j, p := range lx.Pos {
			if j == 0 {
				b.WriteByte(':')
			} else {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(tsPos(p))))
			if w := tsWeight(p); w > 0 {
				b.WriteByte("DCBA"[w])
			}
		}
	}
	return b.String()
}

func writeTSWord(b *strings.Builder, w string) {
	b.WriteByte('\'')
	for i := 0; i < len(w); i++ {
		if w[i] == '\'' || w[i] == '\\' {
			b.WriteByte(w[i])
		}
		b.WriteByte(w[i])
	}
	b.WriteByte('\'')
}

// Find returns the lexeme for word, or nil.
func (v TSVectorVal) Find(word string) *Lexeme {
	i := sort.Search(len(v), func(i int) bool { return v[i].Word >= word })
	if i < len(v) && v[i].Word == word {
		return &v[i]
	}
	return nil
}

// ToTSVectorSimple is to_tsvector('simple', text).
func ToTSVectorSimple(text string) TSVectorVal { return tsBuiltinConfigs["simple"].ToTSVector(text) }
