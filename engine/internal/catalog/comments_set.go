package catalog

import "sort"

// commentShards is how many parts a commentSet splits its comments into.
const commentShards = 32

// commentSet is the comments by object, split into shards by a hash of
// the object's key. It is immutable like the catalog holding it: with
// returns a set sharing every shard but the one it changes, so COMMENT ON
// copies a few comments instead of all of them (a migration commenting
// each of its tables in turn copied every comment per table). nil is the
// empty set.
type commentSet struct {
	shards [commentShards]map[ObjectKey]string
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

func (s *commentSet) get(k ObjectKey) (string, bool) {
	if s == nil {
		return "", false
	}
	text, ok := s.shards[commentShard(k)][k]
	return text, ok
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
	i := commentShard(k)
	_, had := n.shards[i][k]
	if text == nil || *text == "" {
		if !had {
			return n
		}
		n.shards[i] = copyMap(n.shards[i])
		delete(n.shards[i], k)
		if len(n.shards[i]) == 0 {
			n.shards[i] = nil // as an image builds it back
		}
		n.n--
		return n
	}
	n.shards[i] = copyMap(n.shards[i])
	n.shards[i][k] = *text
	if !had {
		n.n++
	}
	return n
}

// each calls f with every comment, in no particular order.
func (s *commentSet) each(f func(ObjectKey, string)) {
	if s == nil {
		return
	}
	for _, m := range s.shards {
		for k, text := range m {
			f(k, text)
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
	for i, m := range s.shards {
		kept, changed := withoutKeys(m, drop) // deferrable.go
		if !changed {
			continue
		}
		if n == nil {
			c := *s
			n = &c
		}
		n.n += len(kept) - len(m)
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
	n := &commentSet{}
	s.each(func(k ObjectKey, text string) {
		k = f(k)
		i := commentShard(k)
		if n.shards[i] == nil {
			n.shards[i] = map[ObjectKey]string{}
		}
		if _, ok := n.shards[i][k]; !ok {
			n.n++
		}
		n.shards[i][k] = text
	})
	return n
}

// sorted lists the comments by kind, schema, name and column
// (lessObjectKey); nil for the nil set.
func (s *commentSet) sorted() []Commented {
	if s == nil {
		return nil
	}
	out := make([]Commented, 0, s.n)
	s.each(func(k ObjectKey, text string) { out = append(out, Commented{Key: k, Text: text}) })
	sort.Slice(out, func(i, j int) bool { return lessObjectKey(out[i].Key, out[j].Key) })
	return out
}

// commentSetOf builds a set from an image's comments.
func commentSetOf(es []KeyText) *commentSet {
	if es == nil {
		return nil
	}
	n := &commentSet{}
	for _, e := range es {
		i := commentShard(e.Key)
		if n.shards[i] == nil {
			n.shards[i] = map[ObjectKey]string{}
		}
		if _, ok := n.shards[i][e.Key]; !ok {
			n.n++
		}
		n.shards[i][e.Key] = e.Text
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
