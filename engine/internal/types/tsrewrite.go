package types

import (
	"hash/crc32"
	"sort"
)

// qtNode is a tsquery as ts_rewrite works on it (PostgreSQL's QTNode):
// AND and OR flattened to n-ary nodes and children sorted, so that a
// target matches a node or a subset of its children. A binary node's
// kids are (right, left), NOT's its one operand, as PostgreSQL stores
// them.
type qtNode struct {
	op       byte
	dist     int
	leaf     *TSQueryNode
	crc      int32
	kids     []*qtNode
	noChange bool
}

// tsLegacyCRC is PostgreSQL's legacy CRC-32 of an operand (valcrc), which
// orders operands in a rewritten query.
func tsLegacyCRC(s string) int32 {
	crc := uint32(0xFFFFFFFF)
	for i := 0; i < len(s); i++ {
		crc = crc32.IEEETable[byte(crc>>24)^s[i]] ^ crc<<8
	}
	return int32(crc ^ 0xFFFFFFFF)
}

func toQTN(n *TSQueryNode) *qtNode {
	if n.Op == 0 {
		return &qtNode{leaf: n, crc: tsLegacyCRC(n.Word)}
	}
	q := &qtNode{op: n.Op, dist: n.Dist, kids: []*qtNode{toQTN(n.Right)}}
	if n.Op != '!' {
		q.kids = append(q.kids, toQTN(n.Left))
	}
	return q
}

// tsOpRank orders operators as PostgreSQL numbers them (NOT 1, AND 2,
// OR 3, PHRASE 4).
func tsOpRank(op byte) int {
	switch op {
	case '!':
		return 1
	case '&':
		return 2
	case '|':
		return 3
	}
	return 4
}

// qtCompare is QTNodeCompare: operators before operands, higher operator
// numbers, more children and higher CRCs first; weights and prefix marks
// do not count.
func qtCompare(a, b *qtNode) int {
	switch {
	case a.leaf == nil && b.leaf != nil:
		return -1
	case a.leaf != nil && b.leaf == nil:
		return 1
	case a.leaf != nil:
		if a.crc != b.crc {
			return map[bool]int{true: -1, false: 1}[a.crc > b.crc]
		}
		wa, wb := a.leaf.Word, b.leaf.Word
		if len(wa) != len(wb) {
			return map[bool]int{true: -1, false: 1}[len(wa) > len(wb)]
		}
		switch {
		case wa < wb:
			return -1
		case wa > wb:
			return 1
		}
		return 0
	}
	if ra, rb := tsOpRank(a.op), tsOpRank(b.op); ra != rb {
		return map[bool]int{true: -1, false: 1}[ra > rb]
	}
	if len(a.kids) != len(b.kids) {
		return map[bool]int{true: -1, false: 1}[len(a.kids) > len(b.kids)]
	}
	for i := range a.kids {
		if c := qtCompare(a.kids[i], b.kids[i]); c != 0 {
			return c
		}
	}
	if a.op == '<' && a.dist != b.dist {
		return map[bool]int{true: -1, false: 1}[a.dist > b.dist]
	}
	return 0
}

// flatten merges AND into AND and OR into OR children (QTNTernary).
func (q *qtNode) flatten() {
	if q.leaf != nil {
		return
	}
	for _, k := range q.kids {
		k.flatten()
	}
	if q.op != '&' && q.op != '|' {
		return
	}
	var kids []*qtNode
	for _, k := range q.kids {
		if k.leaf == nil && k.op == q.op {
			kids = append(kids, k.kids...)
		} else {
			kids = append(kids, k)
		}
	}
	q.kids = kids
}

// sortKids sorts the children of every AND and OR (QTNSort).
func (q *qtNode) sortKids() {
	if q.leaf != nil {
		return
	}
	for _, k := range q.kids {
		k.sortKids()
	}
	if q.op == '&' || q.op == '|' {
		sort.SliceStable(q.kids, func(i, j int) bool { return qtCompare(q.kids[i], q.kids[j]) < 0 })
	}
}

func (q *qtNode) copyTree() *qtNode {
	c := *q
	c.kids = nil
	for _, k := range q.kids {
		c.kids = append(c.kids, k.copyTree())
	}
	return &c
}

func (q *qtNode) clearNoChange() {
	q.noChange = false
	for _, k := range q.kids {
		k.clearNoChange()
	}
}

// replaced is a copy of subs standing for a matched node (nil when subs
// is empty: the node goes).
func replaced(subs *qtNode) *qtNode {
	if subs == nil {
		return nil
	}
	c := subs.copyTree()
	c.noChange = true
	return c
}

// findEq replaces node by subs when it equals ex, or the children of an
// AND or OR matching all of ex's children by one subs child.
func findEq(node, ex, subs *qtNode, found *bool) *qtNode {
	if node.noChange || (node.leaf == nil) != (ex.leaf == nil) {
		return node
	}
	if node.leaf != nil || len(node.kids) == len(ex.kids) {
		if node.leaf == nil && node.op != ex.op || qtCompare(node, ex) != 0 {
			return node
		}
		*found = true
		return replaced(subs)
	}
	if node.op != ex.op || len(node.kids) < len(ex.kids) || len(ex.kids) == 0 {
		return node
	}
	matched := make([]bool, len(node.kids))
	n, i, j := 0, 0, 0
	for i < len(node.kids) && j < len(ex.kids) {
		c := qtCompare(node.kids[i], ex.kids[j])
		if c == 0 {
			matched[i] = true
			n++
			i++
			j++
		} else if c < 0 {
			i++
		} else {
			break
		}
	}
	if n != len(ex.kids) {
		return node
	}
	var kids []*qtNode
	for i, k := range node.kids {
		if !matched[i] {
			kids = append(kids, k)
		}
	}
	if s := replaced(subs); s != nil {
		kids = append(kids, s)
	}
	node.kids = kids
	node.sortKids()
	*found = true
	return node
}

// findSubquery replaces ex by subs throughout root, dropping emptied
// operators and ones left with a single operand (NOT excepted).
func findSubquery(root, ex, subs *qtNode, found *bool) *qtNode {
	root = findEq(root, ex, subs, found)
	if root == nil || root.noChange || root.leaf != nil {
		return root
	}
	var kids []*qtNode
	for _, k := range root.kids {
		if k = findSubquery(k, ex, subs, found); k != nil {
			kids = append(kids, k)
		}
	}
	root.kids = kids
	switch {
	case len(kids) == 0:
		return nil
	case len(kids) == 1 && root.op != '!':
		return kids[0]
	}
	return root
}

// toBinary turns the n-ary tree back into a tsquery (QTNBinary then
// QTN2QT): an n-ary node keeps pairing its first two children.
func (q *qtNode) toBinary() *TSQueryNode {
	if q.leaf != nil {
		l := *q.leaf
		return &l
	}
	kids := append([]*qtNode(nil), q.kids...)
	for len(kids) > 2 {
		nn := &qtNode{op: q.op, dist: q.dist, kids: []*qtNode{kids[0], kids[1]}}
		kids[0], kids[1] = nn, kids[len(kids)-1]
		kids = kids[:len(kids)-1]
	}
	n := &TSQueryNode{Op: q.op, Dist: q.dist, Right: kids[0].toBinary()}
	if len(kids) > 1 {
		n.Left = kids[1].toBinary()
	}
	return n
}

func prepared(q *TSQueryNode) *qtNode {
	t := toQTN(q)
	t.flatten()
	t.sortKids()
	return t
}

// TSRewrite is ts_rewrite(query, target, substitute): every occurrence of
// target in query replaced by substitute (an empty substitute deletes
// it). The result comes out in PostgreSQL's normalized operand order.
func TSRewrite(query, target, subs *TSQueryNode) *TSQueryNode {
	if query == nil || target == nil {
		return query
	}
	var s *qtNode
	if subs != nil {
		s = toQTN(subs)
	}
	var found bool
	t := findSubquery(prepared(query), prepared(target), s, &found)
	if t == nil {
		return nil
	}
	return t.toBinary()
}

// TSRewriter applies ts_rewrite(query, select)'s rules one after another,
// re-normalizing the query between them.
type TSRewriter struct{ tree *qtNode }

// NewTSRewriter starts rewriting query (nil: the empty query).
func NewTSRewriter(query *TSQueryNode) *TSRewriter {
	if query == nil {
		return &TSRewriter{}
	}
	return &TSRewriter{tree: prepared(query)}
}

// Done reports whether the query has been rewritten to nothing.
func (r *TSRewriter) Done() bool { return r.tree == nil }

// Apply replaces target by subs; an empty target is skipped.
func (r *TSRewriter) Apply(target, subs *TSQueryNode) {
	if r.tree == nil || target == nil {
		return
	}
	var s *qtNode
	if subs != nil {
		s = toQTN(subs)
	}
	var found bool
	r.tree = findSubquery(r.tree, prepared(target), s, &found)
	if r.tree != nil {
		r.tree.clearNoChange()
		r.tree.flatten()
		r.tree.sortKids()
	}
}

// Result is the rewritten query.
func (r *TSRewriter) Result() *TSQueryNode {
	if r.tree == nil {
		return nil
	}
	return r.tree.toBinary()
}
