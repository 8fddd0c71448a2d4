package regex

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"unicode/utf8"
)

// TestFindFromOffset checks find, which searches from inside the text with
// the whole text as context, against a reference that needs no trick: for
// each start position p at or after the offset, in order, the pattern
// anchored at p by `\A(?s:.){p}` — so '^', '\A', '\b' and '(?m)^' all see
// the real text before p — and the first p that matches.
func TestFindFromOffset(t *testing.T) {
	patterns := []string{
		"a", "b*", "^a", "^", "$", "a$", `\bb`, `\Bb`, `\b`, `(?m)^b`, `(?m)$`,
		"a|ab", "ab|a", "(a)(b)?", "[^a]+", "x*", `\Ab`, "é+", "(?i)B", "(?s).b", ".b",
	}
	texts := []string{"", "a", "ab", "ba", "aab", "b b", "a\nb", "ab\nab", "éab", "xbx", "\nb"}
	for _, p := range patterns {
		for _, text := range texts {
			re := CreateRegex(0).(*goRegex)
			ctx := context.Background()
			if err := re.SetRegexString(ctx, p, 0); err != nil {
				t.Fatal(err)
			}
			if err := re.SetMatchString(ctx, text); err != nil {
				t.Fatal(err)
			}
			for from := 0; from <= len(text); {
				got, err := re.find(from)
				if err != nil {
					t.Fatal(err)
				}
				want := referenceFind(p, text, from)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("pattern %q text %q from %d: find = %v, reference %v", p, text, from, got, want)
				}
				if from == len(text) {
					break
				}
				_, size := utf8.DecodeRuneInString(text[from:])
				from += size
			}
		}
	}
}

// referenceFind returns the submatch byte offsets of pattern's leftmost
// match in text starting at or after byte offset from.
func referenceFind(pattern, text string, from int) []int {
	chars := utf8.RuneCountInString(text[:from])
	for p, off := chars, from; off <= len(text); p++ {
		anchored := regexp.MustCompile(fmt.Sprintf(`\A(?s:.){%d}(%s)`, p, pattern))
		if m := anchored.FindStringSubmatchIndex(text); m != nil {
			return m[2:]
		}
		if off == len(text) {
			break
		}
		_, size := utf8.DecodeRuneInString(text[off:])
		off += size
	}
	return nil
}
