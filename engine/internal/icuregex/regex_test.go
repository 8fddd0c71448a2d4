package regex

import (
	"context"
	"testing"
)

// compile returns a Regex with pattern and flags set and text to match.
func compile(t *testing.T, pattern string, flags RegexFlags, text string) Regex {
	t.Helper()
	re := CreateRegex(1024)
	t.Cleanup(func() { _ = re.Close() })
	ctx := context.Background()
	if err := re.SetRegexString(ctx, pattern, flags); err != nil {
		t.Fatalf("SetRegexString(%q, %d): %v", pattern, flags, err)
	}
	if err := re.SetMatchString(ctx, text); err != nil {
		t.Fatalf("SetMatchString(%q): %v", text, err)
	}
	return re
}

func TestMatches(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		flags   RegexFlags
		text    string
		start   int
		occ     int
		want    bool
	}{
		{"plain", "b", 0, "abc", 0, 0, true},
		{"no match", "x", 0, "abc", 0, 0, false},
		{"case sensitive by default", "B", 0, "abc", 0, 0, false},
		{"case insensitive", "B", RegexFlags_Case_Insensitive, "abc", 0, 0, true},
		{"dot stops at newline", "a.b", 0, "a\nb", 0, 0, false},
		{"dot all", "a.b", RegexFlags_Dot_All, "a\nb", 0, 0, true},
		{"caret at text start only", "^b", 0, "a\nb", 0, 0, false},
		{"multiline caret", "^b", RegexFlags_Multiline, "a\nb", 0, 0, true},
		{"multiline dollar", "a$", RegexFlags_Multiline, "a\nb", 0, 0, true},
		{"dollar at text end only", "a$", 0, "a\nb", 0, 0, false},
		{"literal ignores metacharacters", "a.c", RegexFlags_Literal, "abc", 0, 0, false},
		{"literal matches itself", "a.c", RegexFlags_Literal, "xa.cx", 0, 0, true},
		{"literal keeps case insensitivity", "A.C", RegexFlags_Literal | RegexFlags_Case_Insensitive, "a.c", 0, 0, true},
		{"comments drop space and comment", "a b # the rest\n c", RegexFlags_Comments, "abc", 0, 0, true},
		{"comments keep escaped space", `a\ b`, RegexFlags_Comments, "a b", 0, 0, true},
		{"comments keep quoted text", `\Qa b\E`, RegexFlags_Comments, "a b", 0, 0, true},
		{"unix lines changes nothing", "a.b", RegexFlags_Unix_Lines, "axb", 0, 0, true},
		{"second occurrence", "a", 0, "aXa", 0, 2, true},
		{"no third occurrence", "a", 0, "aXa", 0, 3, false},
		{"start offset skips a match", "a", 0, "aXb", 1, 0, false},
		{"start at end of text", "$", 0, "ab", 2, 0, true},
		{"start past end of text", "b", 0, "ab", 3, 0, false},
		{"empty text", "^$", 0, "", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := compile(t, tt.pattern, tt.flags, tt.text)
			got, err := re.Matches(context.Background(), tt.start, tt.occ)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Matches(%d, %d) = %v, want %v", tt.start, tt.occ, got, tt.want)
			}
		})
	}
}

// TestIndexOf follows MySQL's REGEXP_INSTR(text, pattern, start,
// occurrence, return_option) documentation and examples.
func TestIndexOf(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		flags   RegexFlags
		text    string
		start   int
		occ     int
		end     bool
		want    int
	}{
		{"first", "dog", 0, "dog cat dog", 1, 1, false, 1},
		{"from position 2", "dog", 0, "dog cat dog", 2, 1, false, 9},
		{"end of match", "dog", 0, "dog cat dog", 1, 1, true, 4},
		{"occurrence 0 is the first", "dog", 0, "dog cat dog", 1, 0, false, 1},
		{"second occurrence", "dog", 0, "dog cat dog", 1, 2, false, 9},
		{"missing occurrence", "dog", 0, "dog cat dog", 1, 3, false, 0},
		{"repeat count", "a{2}", 0, "aa aaa aaaa", 1, 1, false, 1},
		{"longer repeat", "a{4}", 0, "aa aaa aaaa", 1, 1, false, 8},
		{"not found", "x", 0, "abc", 1, 1, false, 0},
		{"start past end", "c", 0, "abc", 5, 1, false, 0},
		{"positions count characters", "w", 0, "héllo wörld", 1, 1, false, 7},
		{"end position counts characters", "wö", 0, "héllo wörld", 1, 1, true, 9},
		{"start counts characters", "l", 0, "héllo wörld", 5, 1, false, 10},
		{"caret does not match at the start position", "^b", 0, "abc", 2, 1, false, 0},
		{"multiline caret sees the newline before start", "^b", RegexFlags_Multiline, "a\nb", 3, 1, false, 3},
		{"word boundary sees the character before start", `\bb`, 0, "ab b", 2, 1, false, 4},
		{"non-boundary sees the character before start", `\Bb`, 0, "ab b", 2, 1, false, 2},
		{"case insensitive from start", "X", RegexFlags_Case_Insensitive, "xaxbx", 2, 2, false, 5},
		{"empty match then next character", "b*", 0, "abc", 1, 2, false, 2},
		{"empty match right after a match", "b*", 0, "abc", 1, 3, false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := compile(t, tt.pattern, tt.flags, tt.text)
			got, err := re.IndexOf(context.Background(), tt.start, tt.occ, tt.end)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("IndexOf(%d, %d, %v) = %d, want %d", tt.start, tt.occ, tt.end, got, tt.want)
			}
		})
	}
}

// TestSubstring follows MySQL's REGEXP_SUBSTR(text, pattern, start,
// occurrence).
func TestSubstring(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		text    string
		start   int
		occ     int
		want    string
		found   bool
	}{
		{"first word", "[a-z]+", "abc def ghi", 1, 1, "abc", true},
		{"third word", "[a-z]+", "abc def ghi", 1, 3, "ghi", true},
		{"from inside a word", "[a-z]+", "abc def ghi", 2, 1, "bc", true},
		{"no fourth word", "[a-z]+", "abc def ghi", 1, 4, "", false},
		{"empty match", "x*", "abc", 1, 1, "", true},
		{"multibyte", "ö+", "wöörld", 2, 1, "öö", true},
		{"start in characters", "[^ ]+", "éé ab", 4, 1, "ab", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := compile(t, tt.pattern, 0, tt.text)
			got, found, err := re.Substring(context.Background(), tt.start, tt.occ)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || found != tt.found {
				t.Errorf("Substring(%d, %d) = %q, %v, want %q, %v", tt.start, tt.occ, got, found, tt.want, tt.found)
			}
		})
	}
}

// TestReplace follows MySQL's REGEXP_REPLACE(text, pattern, replacement,
// position, occurrence) and ICU's replacement syntax.
func TestReplace(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		flags   RegexFlags
		text    string
		repl    string
		pos     int
		occ     int
		want    string
	}{
		{"all", "b", 0, "a b c b", "X", 1, 0, "a X c X"},
		{"third only", "[a-z]+", 0, "abc def ghi", "X", 1, 3, "abc def X"},
		{"first only", "[a-z]+", 0, "abc def ghi", "X", 1, 1, "X def ghi"},
		{"all words", "[a-z]+", 0, "abc def ghi", "X", 1, 0, "X X X"},
		{"from position", "b", 0, "abcabc", "X", 3, 0, "abcaXc"},
		{"occurrence counted from position", "b", 0, "abcabcabc", "X", 3, 2, "abcabcaXc"},
		{"missing occurrence leaves the text", "b", 0, "abc", "X", 1, 2, "abc"},
		{"no match leaves the text", "x", 0, "abc", "X", 1, 0, "abc"},
		{"position past the end leaves the text", "a", 0, "abc", "X", 9, 0, "abc"},
		{"groups", `(\w+) (\w+)`, 0, "John Smith", "$2, $1", 1, 0, "Smith, John"},
		{"whole match", "o", 0, "foo", "<$0>", 1, 0, "f<o><o>"},
		{"named group", `(?P<first>\w+) (?P<last>\w+)`, 0, "John Smith", "${last}", 1, 0, "Smith"},
		{"digits beyond the group count are text", "(a)", 0, "a", "$10", 1, 0, "a0"},
		{"escaped dollar and backslash", "a", 0, "a", `\$1\\`, 1, 0, `$1\`},
		{"unmatched group is empty", "(x)?a", 0, "a", "[$1]", 1, 0, "[]"},
		{"empty matches as ICU finds them", "b*", 0, "abc", "-", 1, 0, "-a--c-"},
		{"case insensitive", "A", RegexFlags_Case_Insensitive, "aAa", "x", 1, 0, "xxx"},
		{"multibyte position", "é", 0, "éaé", "e", 2, 0, "éae"},
		{"caret does not match at position", "^a", 0, "aaa", "X", 2, 0, "aaa"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := compile(t, tt.pattern, tt.flags, tt.text)
			got, err := re.Replace(context.Background(), tt.repl, tt.pos, tt.occ)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Replace(%q, %d, %d) = %q, want %q", tt.repl, tt.pos, tt.occ, got, tt.want)
			}
		})
	}
}

func TestReplaceErrors(t *testing.T) {
	for _, repl := range []string{"$2", "$x", "$", "${nope}", "${last"} {
		t.Run(repl, func(t *testing.T) {
			re := compile(t, `(?P<first>a)`, 0, "a")
			if _, err := re.Replace(context.Background(), repl, 1, 0); !ErrInvalidReplacement.Is(err) {
				t.Errorf("Replace(%q) error = %v, want ErrInvalidReplacement", repl, err)
			}
		})
	}
}

func TestInvalidRegex(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		flags   RegexFlags
	}{
		{"unbalanced", "a(b", 0},
		{"bad repeat", "*a", 0},
		{"lookbehind", "(?<=a)b", 0},
		{"lookahead", "a(?=b)", 0},
		{"backreference", `(a)\1`, 0},
		{"unknown escape", `\q`, 0},
		{"unicode word boundaries", "a", RegexFlags_Unicode_Word},
		{"unknown flag", "a", 1 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := CreateRegex(0)
			defer re.Close()
			err := re.SetRegexString(context.Background(), tt.pattern, tt.flags)
			if !ErrInvalidRegex.Is(err) {
				t.Fatalf("SetRegexString(%q) error = %v, want ErrInvalidRegex", tt.pattern, err)
			}
			// A failed pattern leaves no pattern behind.
			if err := re.SetMatchString(context.Background(), "a"); !ErrRegexNotYetSet.Is(err) {
				t.Errorf("SetMatchString after a failed pattern: %v, want ErrRegexNotYetSet", err)
			}
		})
	}
}

func TestCallOrder(t *testing.T) {
	ctx := context.Background()
	calls := map[string]func(Regex) error{
		"SetMatchString": func(re Regex) error { return re.SetMatchString(ctx, "a") },
		"IndexOf":        func(re Regex) error { _, err := re.IndexOf(ctx, 1, 1, false); return err },
		"Matches":        func(re Regex) error { _, err := re.Matches(ctx, 0, 0); return err },
		"Replace":        func(re Regex) error { _, err := re.Replace(ctx, "b", 1, 0); return err },
		"Substring":      func(re Regex) error { _, _, err := re.Substring(ctx, 1, 1); return err },
	}
	for name, call := range calls {
		t.Run(name+"/no regex", func(t *testing.T) {
			if err := call(CreateRegex(0)); !ErrRegexNotYetSet.Is(err) {
				t.Errorf("got %v, want ErrRegexNotYetSet", err)
			}
		})
		if name == "SetMatchString" {
			continue
		}
		t.Run(name+"/no match string", func(t *testing.T) {
			re := CreateRegex(0)
			if err := re.SetRegexString(ctx, "a", 0); err != nil {
				t.Fatal(err)
			}
			if err := call(re); !ErrMatchNotYetSet.Is(err) {
				t.Errorf("got %v, want ErrMatchNotYetSet", err)
			}
		})
		t.Run(name+"/after close", func(t *testing.T) {
			re := compile(t, "a", 0, "a")
			if err := re.Close(); err != nil {
				t.Fatal(err)
			}
			if err := call(re); !ErrRegexNotYetSet.Is(err) {
				t.Errorf("got %v, want ErrRegexNotYetSet", err)
			}
		})
	}
}

// TestReuse sets a new pattern and text on one Regex, as go-mysql-server
// does for each row when the pattern is not constant.
func TestReuse(t *testing.T) {
	ctx := context.Background()
	re := compile(t, "a+", 0, "baaa")
	if got, _, _ := re.Substring(ctx, 1, 1); got != "aaa" {
		t.Fatalf("first Substring = %q", got)
	}
	if err := re.SetRegexString(ctx, "B", RegexFlags_Case_Insensitive); err != nil {
		t.Fatal(err)
	}
	if err := re.SetMatchString(ctx, "xyzb"); err != nil {
		t.Fatal(err)
	}
	if got, err := re.IndexOf(ctx, 2, 1, false); got != 4 || err != nil {
		t.Fatalf("IndexOf after reuse = %d, %v, want 4", got, err)
	}
	if n := re.StringBufferSize(); n != 0 {
		t.Errorf("StringBufferSize() = %d, want 0", n)
	}
}
