package types

import "strings"

// The Snowball Danish stemmer (snowballstem.org/algorithms/danish), as
// PostgreSQL 15's danish_stem runs it. The Go Snowball package tinybase
// uses for the other languages has no Danish, so it is written here from
// the algorithm's description: one region R1, then four steps on the
// end of the word.

// danishStem stems a lower-case word; the flag is the other stemmers'
// "stem stop words too", which does not apply: the dictionary checks its
// stop list before it stems.
func danishStem(word string, _ bool) string {
	w := []rune(word)
	p1 := danishR1(w)
	w = danishMainSuffix(w, p1)
	w = danishConsonantPair(w, p1)
	w = danishOtherSuffix(w, p1)
	w = danishUndouble(w, p1)
	return string(w)
}

func danishVowel(r rune) bool { return strings.ContainsRune("aeiouyæåø", r) }

// danishR1 is the start of R1: after the first non-vowel that follows a
// vowel, but at least three letters in; the word's end when there is
// none or the word is shorter than three letters.
func danishR1(w []rune) int {
	if len(w) < 3 {
		return len(w)
	}
	i := 0
	for i < len(w) && !danishVowel(w[i]) {
		i++
	}
	for i < len(w) && danishVowel(w[i]) {
		i++
	}
	if i >= len(w) {
		return len(w)
	}
	return max(i+1, 3)
}

// danishSuffix returns the longest of suffixes the word ends with inside
// R1 (starting at p1 or later), "" for none.
func danishSuffix(w []rune, p1 int, suffixes []string) string {
	best := ""
	for _, s := range suffixes {
		n := len([]rune(s))
		if n > len([]rune(best)) && len(w)-n >= p1 && string(w[len(w)-n:]) == s {
			best = s
		}
	}
	return best
}

// danishMainSuffixes are step 1's endings, deleted in R1; "s" is deleted
// only after a valid s-ending.
var danishMainSuffixes = strings.Fields("hed ethed ered e erede ende erende ene erne ere en heden eren er heder erer heds " +
	"es endes erendes enes ernes eres ens hedens erens ers ets erets et eret s")

func danishMainSuffix(w []rune, p1 int) []rune {
	s := danishSuffix(w, p1, danishMainSuffixes)
	switch {
	case s == "":
		return w
	case s == "s":
		// The letter before the s may lie before R1.
		if !strings.ContainsRune("abcdfghjklmnoprtvyzå", w[len(w)-2]) {
			return w
		}
	}
	return w[:len(w)-len([]rune(s))]
}

// danishConsonantPair is step 2: gd, dt, gt or kt in R1 loses its last
// letter.
func danishConsonantPair(w []rune, p1 int) []rune {
	if danishSuffix(w, p1, []string{"gd", "dt", "gt", "kt"}) != "" {
		return w[:len(w)-1]
	}
	return w
}

// danishOtherSuffix is step 3: igst loses its st (anywhere); then ig,
// lig, elig or els in R1 is deleted and step 2 runs again, or løst in R1
// becomes løs.
func danishOtherSuffix(w []rune, p1 int) []rune {
	if strings.HasSuffix(string(w), "igst") {
		w = w[:len(w)-2]
	}
	switch s := danishSuffix(w, p1, []string{"ig", "lig", "elig", "els", "løst"}); s {
	case "":
	case "løst":
		w = w[:len(w)-1]
	default:
		w = danishConsonantPair(w[:len(w)-len([]rune(s))], p1)
	}
	return w
}

// danishUndouble is step 4: a word ending in a doubled consonant whose
// last letter is in R1 loses that letter.
func danishUndouble(w []rune, p1 int) []rune {
	n := len(w)
	if n >= 2 && n-1 >= p1 && strings.ContainsRune("bcdfghjklmnpqrstvwxz", w[n-1]) && w[n-2] == w[n-1] {
		return w[:n-1]
	}
	return w
}

// danishStopWords is PostgreSQL's tsearch_data/danish.stop.
var danishStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`og i jeg det at en den til er som på de med han af for ikke der var mig sig men
		et har om vi min havde ham hun nu over da fra du ud sin dem os op man hans hvor eller hvad skal selv her alle
		vil blev kunne ind når være dog noget ville jo deres efter ned skulle denne end dette mit også under have dig
		anden hende mine alt meget sit sine vor mod disse hvis din nogle hos blive mange ad bliver hendes været thi
		jer sådan`) {
		m[w] = true
	}
	return m
}()

func danishIsStopWord(w string) bool { return danishStopWords[w] }
