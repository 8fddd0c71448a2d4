package catalog

import (
	"slices"
	"sort"
)

// commentShards is how many parts a commentSet splits its comments into.
const commentShards = 32

// commentSet is the comments by object, split into shards by a hash of
// the object's key, each sorted by key (lessObjectKey). It is immutable
// like the catalog holding it: with returns a set sharing every shard but
// the one it changes, so COMMENT ON copies a few comments instead of all
// of them (a migration commenting each of its tables in turn copied every
// comment per table). nil is the empty set; an empty shard is nil.
type commentSet struct {
	shards [commentShards][]Commented
	n      int
}

// commentShard is the shard of k: FNV-1a over its kind and names.
func commentShard(k ObjectKey) int {
	h := uint32(2166136261)
	add := func(s string) {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint32(s[i])) * 16777619
		}
		h = (h ^ 0xff) * 16777619 // ends the part: ("ab", "c") is not ("a", "bc")
	}
	h = (h ^ uint32(k.Kind)) * 16777619
	add(k.Schema)
	add(k.Name)
	add(k.Column)
	return int(h % commentShards)
}

// find is where k is, or belongs, in shard.
func find(shard []Commented, k ObjectKey) (int, bool) {
	i := sort.Search(len(shard), func(i int) bool { return !lessObjectKey(shard[i].Key, k) })
	return i, i < len(shard) && shard[i].Key == k
}

func (s *commentSet) get(k ObjectKey) (string, bool) {
	if s == nil {
		return "", false
	}
	shard := s.shards[commentShard(k)]
	if i, ok := find(shard, k); ok {
		return shard[i].Text, true
	}
	return "", false
}

func (s *commentSet) len() int {
	if s == nil {
		return 0
	}
	return s.n
}

// with returns the set where k's comment is text; nil or "" removes it.
func (s *commentSet) with(k ObjectKey, text *string) *commentSet {
	n := &commentSet{}
	if s != nil {
		*n = *s
	}
	si := commentShard(k)
	shard := n.shards[si]
	i, had := find(shard, k)
	switch {
	case text == nil || *text == "":
		if !had {
			return n
		}
		n.shards[si] = slices.Concat(shard[:i], shard[i+1:])
		if len(n.shards[si]) == 0 {
			n.shards[si] = nil
		}
		n.n--
	case had:
		n.shards[si] = slices.Clone(shard)
		n.shards[si][i].Text = *text
	default:
		n.shards[si] = slices.Concat(shard[:i], []Commented{{Key: k, Text: *text}}, shard[i:])
		n.n++
	}
	return n
}

// each calls f with every comment, in no particular order.
func (s *commentSet) each(f func(ObjectKey, string)) {
	if s == nil {
		return
	}
	for _, shard := range s.shards {
		for _, c := range shard {
			f(c.Key, c.Text)
		}
	}
}

// without returns the set without the comments drop selects, and whether
// there were any.
func (s *commentSet) without(drop func(ObjectKey) bool) (*commentSet, bool) {
	if s == nil {
		return nil, false
	}
	var n *commentSet
	for i, shard := range s.shards {
		if !slices.ContainsFunc(shard, func(c Commented) bool { return drop(c.Key) }) {
			continue
		}
		if n == nil {
			c := *s
			n = &c
		}
		kept := slices.DeleteFunc(slices.Clone(shard), func(c Commented) bool { return drop(c.Key) })
		n.n += len(kept) - len(shard)
		if len(kept) == 0 {
			kept = nil
		}
		n.shards[i] = kept
	}
	if n == nil {
		return s, false
	}
	return n, true
}

// rekeyed returns the set with every key passed through f (a rename of
// the objects or of what they belong to).
func (s *commentSet) rekeyed(f func(ObjectKey) ObjectKey) *commentSet {
	if s == nil {
		return nil
	}
	out := make([]Commented, 0, s.n)
	s.each(func(k ObjectKey, text string) { out = append(out, Commented{Key: f(k), Text: text}) })
	return commentSetOf(out)
}

// sorted lists the comments by kind, schema, name and column
// (lessObjectKey); nil for the nil set.
func (s *commentSet) sorted() []Commented {
	if s == nil {
		return nil
	}
	out := make([]Commented, 0, s.n)
	for _, shard := range s.shards {
		out = append(out, shard...)
	}
	sort.Slice(out, func(i, j int) bool { return lessObjectKey(out[i].Key, out[j].Key) })
	return out
}

// commentSetOf builds a set from comments (an image's, a rename's); of
// two on one object the later wins. nil builds the nil set.
func commentSetOf(cs []Commented) *commentSet {
	if cs == nil {
		return nil
	}
	n := &commentSet{}
	for _, c := range cs {
		i := commentShard(c.Key)
		j, had := find(n.shards[i], c.Key)
		if had {
			n.shards[i][j].Text = c.Text
			continue
		}
		n.shards[i] = slices.Insert(n.shards[i], j, c)
		n.n++
	}
	return n
}

// commentEntries is an image's list of sorted comments.
func commentEntries(cs []Commented) []KeyText {
	if cs == nil {
		return nil
	}
	out := make([]KeyText, len(cs))
	for i, c := range cs {
		out[i] = KeyText{c.Key, c.Text}
	}
	return out
}

// commentsOfImage is commentSetOf an image's comments.
func commentsOfImage(es []KeyText) *commentSet {
	if es == nil {
		return nil
	}
	cs := make([]Commented, len(es))
	for i, e := range es {
		cs[i] = Commented{Key: e.Key, Text: e.Text}
	}
	return commentSetOf(cs)
}
