package extensions

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestResolve(t *testing.T) {
	if _, err := Resolve("$libdir/pg_trgm", "similarity"); err != nil {
		t.Fatalf("similarity: %v", err)
	}
	for _, c := range []struct{ module, symbol, code string }{
		{"$libdir/pg_trgm", "nope", pgerror.UndefinedFunction},
		{"$libdir/nope", "similarity", "58P01"},
	} {
		_, err := Resolve(c.module, c.symbol)
		if pe, ok := pgerror.As(err); !ok || pe.Code != c.code {
			t.Errorf("Resolve(%s, %s) = %v, want %s", c.module, c.symbol, err, c.code)
		}
	}
}

// Every C-language function a script declares binds to a Go function.
func TestScriptsBind(t *testing.T) {
	for _, e := range All() {
		for sym := range e.Funcs {
			if _, err := Resolve(ModulePathname(e.Name), sym); err != nil {
				t.Errorf("%s: %v", e.Name, err)
			}
		}
		if e.Script != "" && !bytes.Contains([]byte(e.Script), []byte("MODULE_PATHNAME")) && len(e.Funcs) > 0 {
			t.Errorf("%s: Funcs without MODULE_PATHNAME in the script", e.Name)
		}
	}
}

func TestTrigrams(t *testing.T) {
	for _, c := range []struct {
		a, b              string
		sim, word, strict float32
	}{
		{"word", "two words", 0.36363637, 0.8, 0.5714286},
		{"abc", "abc", 1, 1, 1},
		{"", "abc", 0, 0, 0},
	} {
		if got := trgmSimilarity(c.a, c.b); got != c.sim {
			t.Errorf("similarity(%q, %q) = %v, want %v", c.a, c.b, got, c.sim)
		}
		if got := wordSimilarity(c.a, c.b, false); got != c.word {
			t.Errorf("word_similarity(%q, %q) = %v, want %v", c.a, c.b, got, c.word)
		}
		if got := wordSimilarity(c.a, c.b, true); got != c.strict {
			t.Errorf("strict_word_similarity(%q, %q) = %v, want %v", c.a, c.b, got, c.strict)
		}
	}
	// PostgreSQL's show_trgm('Hello, wörld!')
	want := []any{"0x81c9a7", "0x8fa667", "0xc04ec8", "  h", "  w", " he", "ell", "hel", "ld ", "llo", "lo ", "rld"}
	got := showTrgm("Hello, wörld!").Values
	if len(got) != len(want) {
		t.Fatalf("show_trgm = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("show_trgm[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestFuzzy(t *testing.T) {
	if d, _ := levenshtein("kitten", "sitting", 1, 1, 1, -1); d != int32(3) {
		t.Errorf("levenshtein = %v", d)
	}
	if d, _ := levenshtein("kitten", "sitting", 1, 2, 3, -1); d != int32(7) {
		t.Errorf("levenshtein with costs = %v", d)
	}
	if d, _ := levenshtein("kitten", "sitting", 1, 1, 1, 2); d != int32(3) {
		t.Errorf("levenshtein_less_equal = %v", d)
	}
	for in, want := range map[string]string{"Robert": "R163", "Tymczak": "T522", "Pfister": "P236", "": ""} {
		if got := soundex(in); got != want {
			t.Errorf("soundex(%q) = %q, want %q", in, got, want)
		}
	}
	if d := difference("Anne", "Andrew"); d != 2 {
		t.Errorf("difference = %d", d)
	}
	for in, want := range map[string]string{"Thompson": "0MPSN", "Schmidt": "SKMTT", "whistle": "HSTL", "signed": "SNT", "Xavier": "SFR"} {
		if got, _ := metaphone(in, 10); got != want {
			t.Errorf("metaphone(%q) = %q, want %q", in, got, want)
		}
	}
	if _, err := metaphone("abc", 0); err == nil {
		t.Error("metaphone(abc, 0) succeeded")
	}
}

func TestPgcrypto(t *testing.T) {
	if got := armor([]byte{1, 2}); got != "-----BEGIN PGP MESSAGE-----\n\nAQI=\n=FreF\n-----END PGP MESSAGE-----\n" {
		t.Errorf("armor = %q", got)
	}
	back, err := dearmor(armor([]byte("hello")))
	if err != nil || string(back) != "hello" {
		t.Errorf("dearmor = %q, %v", back, err)
	}
	enc, err := rawCipher(true, []byte("secret data"), []byte("k"), nil, "aes")
	if err != nil {
		t.Fatal(err)
	}
	dec, err := rawCipher(false, enc, []byte("k"), nil, "aes")
	if err != nil || string(dec) != "secret data" {
		t.Errorf("decrypt = %q, %v", dec, err)
	}
	msg, err := pgpSymEncrypt([]byte("hi"), "pw", "cipher-algo=aes256", true)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := pgpSymDecrypt(msg, "pw", ""); err != nil || string(out) != "hi" {
		t.Errorf("pgp_sym_decrypt = %q, %v", out, err)
	}
	if _, err := pgpSymDecrypt(msg, "wrong", ""); err == nil {
		t.Error("wrong password decrypted")
	}
	if h, _ := crypt("secret", "$1$saltsalt$"); h != "$1$saltsalt$9xy1btjgzLYfb7hivXtC//" {
		t.Errorf("md5 crypt = %s", h)
	}
}

func TestSubarray(t *testing.T) {
	a := []int32{1, 2, 3, 4}
	for _, c := range []struct {
		start, n int32
		want     string
	}{{2, 2, "[2 3]"}, {2, 0, "[2 3 4]"}, {-2, 1, "[3]"}, {0, 2, "[1 2]"}, {1, -1, "[1 2 3]"}, {9, 1, "[]"}} {
		if got := fmt.Sprint(subarray(a, c.start, c.n)); got != c.want {
			t.Errorf("subarray(%d, %d) = %s, want %s", c.start, c.n, got, c.want)
		}
	}
}
