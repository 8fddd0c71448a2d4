package extensions

import "testing"

// The Hashids reference vectors (hashids.js, the hashids.c test suite).
func TestHashids(t *testing.T) {
	for _, c := range []struct {
		salt string
		min  int
		nums []uint64
		want string
	}{
		{"this is my salt", 0, []uint64{12345}, "NkK9"},
		{"this is my salt", 0, []uint64{683, 94108, 123, 5}, "aBMswoO2UB3Sj"},
		{"this is my salt", 8, []uint64{1}, "gB0NV05e"},
		{"", 0, []uint64{1}, "jR"},
		{"", 0, []uint64{1, 2, 3}, "o2fXhV"},
	} {
		h, err := newHashids(c.salt, c.min, hashidsAlphabet)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.encode(c.nums); got != c.want {
			t.Errorf("encode(%v, %q, %d) = %q, want %q", c.nums, c.salt, c.min, got, c.want)
		}
		if got := h.decode(c.want); len(got) != len(c.nums) || got[0] != c.nums[0] {
			t.Errorf("decode(%q) = %v, want %v", c.want, got, c.nums)
		}
	}
	h, _ := newHashids("salt", 0, hashidsAlphabet)
	for _, bad := range []string{"", "!!!", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "jR"} {
		if got := h.decode(bad); got != nil {
			t.Errorf("decode(%q) = %v, want nothing", bad, got)
		}
	}
	if _, err := newHashids("", 0, "abc"); err == nil {
		t.Error("a 3-character alphabet was accepted")
	}
}

func FuzzHashidsDecode(f *testing.F) {
	f.Add("NkK9", "this is my salt")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, s, salt string) {
		h, err := newHashids(salt, 0, hashidsAlphabet)
		if err != nil {
			return
		}
		if nums := h.decode(s); nums != nil && h.encode(nums) != s {
			t.Fatalf("decode(%q) = %v does not encode back", s, nums)
		}
	})
}
