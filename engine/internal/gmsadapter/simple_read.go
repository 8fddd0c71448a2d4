package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// The analyzer's short path for simple reads.
//
// GMS analyzes every statement with ~70 rules; each walks the whole plan,
// and a walk allocates at every node (GMS's Children builds a slice), so
// a point select spent more time in rules with nothing to do than in the
// few that shape its plan. Most rules only act on node kinds a simple read
// does not have: joins, subqueries, unions, DDL, writes, triggers, MySQL
// stored procedures, MySQL-only expressions tinybase never builds (IN
// tuples, intervals, vector distances), or tables tinybase does not have
// (projected tables). Those rules return at once for a plan SimpleRead
// accepts; every other plan takes every rule. A branch of a UNION that GMS
// analyzes on its own can be a simple read too: the rules it skips have
// nothing to do on it either. TestSimpleReadAnalysis (session) holds the gated
// analyzer's plans to the full analyzer's.
//
// SimpleRead is checked by each gated rule on the plan it receives, so a
// rule that reshapes a plan (filters become index lookups, Sort+Limit a
// TopN) cannot make a later gate judge a stale shape.

// simpleReadSkips names the rules that are no-ops on a simple read (by
// GMS's rule names; tinybase's own by id below). Rules kept for simple
// reads: IndexableComparisons and the session's paramLookups (index lookups),
// pushNotFilters, hoistOutOfScopeFilters, eraseProjection,
// validateResolved, validateOrderBy, validateSchemaSource,
// validateAggregations and assignExecIndexes, and those in
// simpleReadNeeds when the plan has the nodes they act on.
var simpleReadSkips = map[string]bool{
	// once-before
	"applyDefaultSelectLimit":     true, // sql_select_limit: a MySQL variable tinybase never sets
	"replaceCountStar":            true, // GroupBy
	"validateCreateTable":         true, // DDL
	"validateAlterTable":          true,
	"validateExprSem":             true, // GMS AND/OR over tuples; tinybase's are its own
	"resolveDropConstraint":       true,
	"ResolveAlterColumn":          true,
	"validateDropTables":          true,
	"resolveCreateSelect":         true,
	"validateDropConstraint":      true,
	"resolveUnions":               true, // set operations
	"validateCreateTrigger":       true,
	"validateColumnDefaults":      true,
	"validateReadOnlyDatabase":    true, // writes only
	"validateReadOnlyTransaction": true,
	"validateDatabaseSet":         true, // SHOW TABLES / CREATE TABLE
	"validateDeleteFrom":          true,
	// default-rules
	"validateStarExpressions":      true, // translation puts * only at the top of select lists
	"pushdownSubqueryAliasFilters": true, // subqueries
	"pruneTables":                  true, // only sql.ProjectedTable tables (catalog relations), pruned for the joins and sorts a simple read has none of
	"validateCheckConstraints":     true, // DDL
	"unnestInSubqueries":           true,
	"resolveSubqueries":            true,
	"replaceCrossJoins":            true, // joins
	// once-after
	"unnestExistsSubqueries":            true,
	"moveJoinConditionsToFilter":        true,
	"finalizeUnions":                    true,
	"loadTriggers":                      true, // GMS triggers (tinybase fires its own) and DDL
	"processTruncate":                   true, // DELETE / TRUNCATE
	"stripTableNamesFromColumnDefaults": true, // DDL
	"finalizeSubqueries":                true,
	"applyIndexesFromOuterScope":        true,
	"replaceAgg":                        true, // GroupBy
	"replaceIdxOrderByDistance":         true, // vector indexes
	"applyHashIn":                       true, // GMS IN tuples, which translation never builds
	"assignRoutines":                    true, // GMS routine tables
	"modifyUpdateExprsForJoin":          true,
	"applyForeignKeys":                  true, // writes
	"interpreter":                       true, // GMS stored procedures
	// validation
	"validateGroupBy":           true,
	"validateIndexCreation":     true,
	"validateOperands":          true, // GMS tuples (IN subqueries only)
	"validateIntervalUsage":     true,
	"validateSubqueryColumns":   true,
	"validateUnionSchemasMatch": true,
	// after-all
	"resolveInsertRows":            true,
	"applyTriggers":                true,
	"applyProcedures":              true,
	"inlineSubqueryAliasRefs":      true,
	"cacheSubqueryAliasesInJoins":  true,
	"quoteDefaultColumnValueNames": true,
}

// simpleReadNeeds names rules a simple read skips unless its chain holds
// a node of one of the given kinds, the only nodes they act on.
var simpleReadNeeds = map[string]readKinds{
	"validateOffsetAndLimit": kindLimit | kindOffset,
	"simplifyFilters":        kindFilter,
	"replaceIdxSort":         kindSort,
	"insertTopNNodes":        kindSort,
	"flattenDistinct":        kindDistinct,
	"pushFilters":            kindFilter, // only moves filters, and none above one table
	"optimizeJoins":          kindFilter, // a single table: costed index scans for a filter
}

// readKinds is a set of the node kinds of a simple read's chain.
type readKinds uint8

const (
	kindFilter readKinds = 1 << iota
	kindSort
	kindLimit
	kindOffset
	kindDistinct
)

// simpleReadSkipIDs are tinybase's own rules a simple read skips.
var simpleReadSkipIDs = map[analyzer.RuleId]bool{
	ruleLateralLeftDeep: true,
	ruleSetOpTypes:      true,
	ruleLateralJoins:    true,
}

// gateSimpleReads makes the analyzer's rules in simpleReadSkips return
// at once for a simple read. It runs last in NewAnalyzer, after the
// installs that wrap or add rules.
func gateSimpleReads(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		rules := append([]analyzer.Rule{}, b.Rules...) // the builder's slices may be GMS's package-level defaults
		gateRules(rules)
		b.Rules = rules
	}
}

// gateRules gates the rules of simpleReadSkips, simpleReadSkipIDs and
// simpleReadNeeds in rules, in place, and gives assignExecIndexes and
// eraseProjection their short paths.
func gateRules(rules []analyzer.Rule) {
	for i, r := range rules {
		if simpleReadSkipIDs[r.Id] {
			rules[i].Apply = skipForSimpleRead(r.Apply)
			continue
		}
		name := r.Id.String()
		if name == "assignExecIndexes" {
			rules[i].Apply = simpleExecIndexesFirst(r.Apply) // simple_exec_indexes.go
		} else if name == "eraseProjection" {
			rules[i].Apply = eraseProjectionIfSameWidth(r.Apply) // simple_exec_indexes.go
		} else if simpleReadSkips[name] {
			rules[i].Apply = skipForSimpleRead(r.Apply)
		} else if needs, ok := simpleReadNeeds[name]; ok {
			rules[i].Apply = skipForSimpleReadWithout(needs, r.Apply)
		}
	}
}

func skipForSimpleRead(apply analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if SimpleRead(n, sc, qf) {
			return n, transform.SameTree, nil
		}
		return apply(ctx, a, n, sc, sel, qf)
	}
}

func skipForSimpleReadWithout(needs readKinds, apply analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if kinds, ok := simpleReadOf(n, sc, qf); ok && kinds&needs == 0 {
			return n, transform.SameTree, nil
		}
		return apply(ctx, a, n, sc, sel, qf)
	}
}

// SimpleRead reports whether a plan under analysis is a simple read: a
// query without subqueries or joins (the binder's flags say so), not
// analyzed inside another's scope, made of a chain of Project, Filter,
// Sort, Limit, Offset, TopN, Distinct and TableAlias nodes over one
// tinybase storage table, scanned or looked up.
func SimpleRead(n sql.Node, sc *plan.Scope, qf *sql.QueryFlags) bool {
	_, ok := simpleReadOf(n, sc, qf)
	return ok
}

// simpleReadOf is simpleRead, with the kinds of the chain's nodes.
func simpleReadOf(n sql.Node, sc *plan.Scope, qf *sql.QueryFlags) (readKinds, bool) {
	if qf == nil || qf.SubqueryIsSet() || qf.JoinIsSet() || qf.DmlIsSet() || !sc.IsEmpty() {
		return 0, false
	}
	var kinds readKinds
	for depth := 0; depth < 16; depth++ {
		switch x := n.(type) {
		case *plan.Project:
			n = x.Child
		case *plan.Filter:
			n, kinds = x.Child, kinds|kindFilter
		case *plan.Sort:
			n, kinds = x.Child, kinds|kindSort
		case *plan.Limit:
			n, kinds = x.Child, kinds|kindLimit
		case *plan.Offset:
			n, kinds = x.Child, kinds|kindOffset
		case *plan.TopN:
			n, kinds = x.Child, kinds|kindSort|kindLimit
		case *plan.Distinct:
			n, kinds = x.Child, kinds|kindDistinct
		case *plan.OrderedDistinct:
			n, kinds = x.Child, kinds|kindDistinct
		case *plan.TableAlias:
			n = x.Child
		case *plan.ResolvedTable:
			return kinds, storage.IsTable(x.UnderlyingTable())
		case *plan.IndexedTableAccess:
			return kinds, storage.IsTable(x.UnderlyingTable())
		default:
			return 0, false
		}
	}
	return 0, false
}
