package postgrest

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// readNode is one level of a read: the root relation or an embedded one.
type readNode struct {
	table   *Table
	alias   string // SQL alias
	key     string // name used as a prefix in filters (alias or relation name)
	items   []selectItem
	filters []*filter
	trees   []*logicTree
	order   []orderTerm
	limit   int // -1: none
	offset  int
	rel     *relationship // how this node joins its parent (nil at the root)
	inner   bool
	spread  bool
	hidden  bool   // rel(): filtering only, no output
	isNull  string // "null" / "not_null" from rel=is.null / rel=not.is.null
	kids    []*readNode
	byKey   map[string]*readNode
	parent  *readNode
	// depth is the embedding level (0 at the root); embedName is the
	// relation name the embed was selected by. With the alias they make
	// PostgREST's names for the node's SQL (aggAlias).
	depth     int
	embedName string
}

// pgrstAlias is the alias PostgREST's statement gives a node's relation,
// which PostgreSQL's errors name: the relation itself at the root, else
// <target>_<depth> (a many-to-many target is not aliased).
func pgrstAlias(t *Table, depth int, rel *relationship) string {
	if depth == 0 || rel != nil && rel.Junction != nil {
		return t.Name
	}
	return fmt.Sprintf("%s_%d", t.Name, depth)
}

// aggAlias is the alias PostgREST gives the subquery of an embedded node:
// <parent relation>_<alias or relation name>_<depth>, where the root's
// relation is a function's name for RPC.
func (n *readNode) aggAlias() string {
	name := n.embedName
	if n.key != "" && n.key != n.embedName {
		name = n.key
	}
	parent := n.parent.table.Name
	if n.parent.depth == 0 {
		parent = n.parent.alias // a function's name for RPC
	}
	return fmt.Sprintf("%s_%s_%d", parent, name, n.depth)
}

// checkAggAliases fails as PostgreSQL does on PostgREST's statement when
// two embeds of one node get the same subquery alias (the same relation
// embedded twice without aliases, e.g. told apart only by hints):
// 42712, after every check PostgREST itself makes.
func checkAggAliases(n *readNode) error {
	for i, k := range n.kids {
		a := k.aggAlias()
		for _, other := range n.kids[:i] {
			if other.aggAlias() == a {
				return newErr(400, "42712", fmt.Sprintf("table name %q specified more than once", a), nil, nil)
			}
		}
		if err := checkAggAliases(k); err != nil {
			return err
		}
	}
	return nil
}

var reservedTop = map[string]bool{"select": true, "columns": true, "on_conflict": true}

// buildTree resolves embeds in select items into nodes.
func (s *Server) buildTree(c *schemaCache, t *Table, items []selectItem, alias string, used map[string]int) (*readNode, error) {
	return s.buildNode(c, t, items, alias, used, 0, alias)
}

// buildNode builds the node at depth whose relation PostgREST's
// statement calls errAlias (pgrstAlias).
func (s *Server) buildNode(c *schemaCache, t *Table, items []selectItem, alias string, used map[string]int, depth int, errAlias string) (*readNode, error) {
	n := &readNode{table: t, alias: alias, key: t.Name, items: items, limit: -1, byKey: map[string]*readNode{}, depth: depth}
	for i := range items {
		it := &items[i]
		if it.Embed == nil {
			if it.Agg != "" && !s.live().AggregatesEnabled {
				return nil, newErr(400, "PGRST123", "Use of aggregate functions is not allowed", nil, nil)
			}
			if bareCount(t, it) {
				// PostgREST selects "alias"."count", which PostgreSQL reads
				// as count("alias") (functional notation, docs 8.16.5): the
				// rows counted whether or not aggregates are enabled
				it.Agg = "count"
				it.Field = field{}
				continue
			}
			if !it.Star && it.Field.Name != "" && t.Column(it.Field.Name) == nil && t.computedField(it.Field.Name) == nil && len(t.Columns) > 0 {
				return nil, newErr(400, "42703", fmt.Sprintf("column %s.%s does not exist", errAlias, it.Field.Name), nil, nil)
			}
			continue
		}
		rel, err := c.findRelationship(t, it.Embed.Name, it.Embed.Hint)
		if err != nil {
			return nil, err
		}
		base := rel.Target.Name
		used[base]++
		a := base
		if used[base] > 1 || base == alias {
			a = fmt.Sprintf("%s_%d", base, used[base])
		}
		kid, err := s.buildNode(c, rel.Target, it.Embed.Items, a, used, depth+1, pgrstAlias(rel.Target, depth+1, rel))
		if err != nil {
			return nil, err
		}
		kid.rel = rel
		kid.embedName = it.Embed.Name
		kid.inner = it.Embed.Inner
		kid.spread = it.Spread
		kid.hidden = len(it.Embed.Items) == 0
		kid.parent = n
		kid.key = it.Embed.Name
		if it.Alias != "" {
			kid.key = it.Alias
		}
		n.kids = append(n.kids, kid)
		n.byKey[kid.key] = kid
		if it.Alias != "" {
			n.byKey[it.Embed.Name] = kid
		}
	}
	return n, nil
}

// applyParams distributes the query string's filters, order, limit and
// offset over the tree. skip lists the keys consumed elsewhere (RPC args).
func applyParams(root *readNode, q url.Values, skip map[string]bool) error {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if reservedTop[key] || skip[key] {
			continue
		}
		for _, val := range q[key] {
			if err := applyParam(root, key, val); err != nil {
				return err
			}
		}
	}
	return nil
}

func applyParam(root *readNode, key, val string) error {
	var path []string
	last := key
	for _, special := range []string{"not.or", "not.and", "order", "limit", "offset", "or", "and"} {
		if key == special || strings.HasSuffix(key, "."+special) {
			last = special
			if key != special {
				path = strings.Split(strings.TrimSuffix(key, "."+special), ".")
			}
			goto found
		}
	}
	if i := strings.Index(key, "->"); i >= 0 {
		// a JSON path may hold dots in its keys: split the prefix only
		pre := key[:i]
		if d := strings.LastIndexByte(pre, '.'); d >= 0 {
			path = strings.Split(pre[:d], ".")
			last = key[d+1:]
		}
	} else if d := strings.LastIndexByte(key, '.'); d >= 0 {
		path = strings.Split(key[:d], ".")
		last = key[d+1:]
	}
found:
	n := root
	for _, p := range path {
		kid := n.byKey[p]
		if kid == nil {
			h := fmt.Sprintf("Verify that '%s' is included in the 'select' query parameter.", p)
			return newErr(400, "PGRST108", fmt.Sprintf("'%s' is not an embedded resource in this request", p), nil, &h)
		}
		n = kid
	}
	switch last {
	case "order":
		o, err := parseOrder(val)
		if err != nil {
			return err
		}
		n.order = append(n.order, o...)
	case "limit":
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return errParse(fmt.Sprintf("\"failed to parse limit parameter (%s)\" (line 1, column 1)", val), "unexpected \""+firstChar(val)+"\" expecting digit")
		}
		n.limit = v
	case "offset":
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return errParse(fmt.Sprintf("\"failed to parse offset parameter (%s)\" (line 1, column 1)", val), "unexpected \""+firstChar(val)+"\" expecting digit")
		}
		n.offset = v
	case "or", "and", "not.or", "not.and":
		t, err := parseLogic(strings.TrimPrefix(last, "not."), strings.HasPrefix(last, "not."), val)
		if err != nil {
			return err
		}
		n.trees = append(n.trees, t)
	default:
		if kid := n.byKey[last]; kid != nil {
			switch val {
			case "is.null":
				kid.isNull = "null"
			case "not.is.null":
				kid.isNull = "not_null"
			default:
				return newErr(400, "PGRST120", "Bad operator on the '"+last+"' embedded resource", "Only is null or not is null filters are allowed on embedded resources", nil)
			}
			return nil
		}
		f, err := parseField(last)
		if err != nil {
			return err
		}
		flt, err := parseOpValue(f, val)
		if err != nil {
			return err
		}
		n.filters = append(n.filters, flt)
	}
	return nil
}

// bareCount: a select item that is just count, where the relation has no
// such column.
func bareCount(t *Table, it *selectItem) bool {
	return !it.Star && it.Agg == "" && it.Cast == "" && it.Field.Name == "count" && len(it.Field.Path) == 0 &&
		t.Column("count") == nil && t.computedField("count") == nil && len(t.Columns) > 0
}
