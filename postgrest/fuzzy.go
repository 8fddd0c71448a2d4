package postgrest

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// fuzzySet is the string matcher PostgREST's "Perhaps you meant" hints
// use (the Haskell fuzzyset package with its defaults): entries and query
// are compared by the cosine of their 3-gram counts (2-grams when no
// 3-gram is shared), the best 50 are rescored by normalized Levenshtein
// similarity, and the best score at or above the minimum wins.
type fuzzySet struct {
	entries []string // lower-cased, in insertion order
	orig    map[string]string
}

func newFuzzySet(vals []string) *fuzzySet {
	fs := &fuzzySet{orig: map[string]string{}}
	for _, v := range vals {
		k := strings.ToLower(v)
		if _, ok := fs.orig[k]; ok {
			continue
		}
		fs.orig[k] = v
		fs.entries = append(fs.entries, k)
	}
	return fs
}

// best returns the closest entry scoring at least min.
func (fs *fuzzySet) best(query string, min float64) (string, bool) {
	key := strings.ToLower(query)
	if v, ok := fs.orig[key]; ok {
		return v, true
	}
	for size := 3; size >= 2; size-- {
		qv := gramCounts(key, size)
		type scored struct {
			score float64
			entry string
		}
		var res []scored
		for _, e := range fs.entries {
			ev := gramCounts(e, size)
			dot := 0
			for g, n := range qv {
				dot += n * ev[g]
			}
			if dot == 0 {
				continue
			}
			res = append(res, scored{float64(dot) / (gramNorm(qv) * gramNorm(ev)), e})
		}
		if len(res) == 0 {
			continue
		}
		sort.SliceStable(res, func(i, j int) bool { return res[i].score > res[j].score })
		if len(res) > 50 {
			res = res[:50]
		}
		for i := range res {
			res[i].score = levenshteinSimilarity(key, res[i].entry)
		}
		sort.SliceStable(res, func(i, j int) bool { return res[i].score > res[j].score })
		if res[0].score >= min {
			return fs.orig[res[0].entry], true
		}
		return "", false
	}
	return "", false
}

// gramCounts counts the n-grams of s normalized (lower case, only letters,
// digits, spaces and commas) and enclosed in hyphens.
func gramCounts(s string, n int) map[string]int {
	var b []rune
	b = append(b, '-')
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r) || r == ',' {
			b = append(b, r)
		}
	}
	b = append(b, '-')
	for len(b) < n {
		b = append(b, '-')
	}
	out := map[string]int{}
	for i := 0; i+n <= len(b); i++ {
		out[string(b[i:i+n])]++
	}
	return out
}

func gramNorm(v map[string]int) float64 {
	sum := 0
	for _, n := range v {
		sum += n * n
	}
	return math.Sqrt(float64(sum))
}

// levenshteinSimilarity is 1 - distance / length of the longer string.
func levenshteinSimilarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 && len(rb) == 0 {
		return 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(rb)])/float64(max(len(ra), len(rb)))
}
