package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Analyzer rules tinybase adds to its per-engine GMS analyzer. The
// statement pipeline's own rule (Config.ParamLookups) has id 10020.
const ruleIndexableComparisons analyzer.RuleId = 10001

// rulePreAnalyze is tinybase's pre-analyze rules run as one rule
// (ruleSequence).
const rulePreAnalyze analyzer.RuleId = 10000

// ruleSequence runs rules as one analyzer rule, as GMS's batch runs its
// rules (each that the selector allows, in order; on an error, the last
// good plan). GMS names every rule it runs for its debug log, and a rule
// id outside GMS's own (all of tinybase's) costs a formatted string each
// time; the pre-analyze batch runs its rules at least twice a statement.
func ruleSequence(rules []analyzer.Rule) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		same := transform.SameTree
		for _, r := range rules {
			if sel != nil && !sel(r.Id) {
				continue
			}
			next, s, err := r.Apply(ctx, a, n, sc, sel, qf)
			if err != nil {
				return n, same, err
			}
			same = same && s
			n = next
		}
		return n, same, nil
	}
}

// Config is what the session supplies to the analyzer: the statement
// pipeline's parameter rules and the engine's exec builder for triggers,
// which live with the state they read.
type Config struct {
	// ParamLookups is the pre-analyze rule that turns comparisons of an
	// indexed column with a run-time parameter into index lookups keyed
	// at run time. It runs after IndexableComparisons.
	ParamLookups analyzer.Rule
	// KeepParams wraps GMS's simplifyFilters rule so that it does not
	// fold parameters and run-time calls into the plan.
	KeepParams func(analyzer.RuleFunc) analyzer.RuleFunc
	// InstallExecBuilder wraps the analyzer's exec builder (with the
	// engine's trigger builder). The lateral-join iterator rebuilds its
	// right input, which never writes, with the builder before it.
	InstallExecBuilder func(*analyzer.Analyzer)
	// IsParam recognises the statement pipeline's parameters, which index
	// scans evaluate as keys when they start (rule_access_paths.go).
	IsParam IsParam
	// IsRowCheck tells the check constraints that carry row security's
	// WITH CHECK policies, which an INSERT checks before NOT NULL
	// (exec_row_checks.go).
	IsRowCheck func(name string) bool
	// Full turns off the short path for simple reads (simple_read.go):
	// every rule runs on every plan. Tests compare the two analyzers.
	Full bool
}

// NewAnalyzer builds an engine's analyzer: GMS's rules, tinybase's rules,
// and tinybase's executors (exec_project.go, exec_full_join.go).
func NewAnalyzer(prov sql.DatabaseProvider, cfg Config) *analyzer.Analyzer {
	gated := !cfg.Full
	pre := []analyzer.Rule{
		{Id: ruleOuterJoinReduction, Apply: outerJoinReduction}, // rule_outer_join_reduce.go
		{Id: ruleJoinRemoval, Apply: joinRemoval(cfg.IsParam)},  // rule_join_removal.go
		{Id: ruleIndexableComparisons, Apply: IndexableComparisons},
	}
	if cfg.ParamLookups.Apply != nil {
		pre = append(pre, cfg.ParamLookups)
	}
	pre = append(pre,
		analyzer.Rule{Id: ruleLateralLeftDeep, Apply: lateralLeftDeep},
		analyzer.Rule{Id: ruleSetOpTypes, Apply: setOpTypes}, // rule_setop.go
	)
	if gated {
		gateRules(pre) // simple_read.go
	}
	a := analyzer.NewBuilder(prov).
		AddPreAnalyzeRule(rulePreAnalyze, ruleSequence(pre)).
		// trackProcess wraps every table so that scans report progress to
		// the context's process list; sessions' contexts have none (GMS's
		// empty list), so the wrappers only cost time, at analysis and in
		// every row read.
		RemoveAfterAllRule(analyzer.TrackProcessId).
		Build()
	a.ExecBuilder = newExecBuilder(cfg.IsRowCheck, cfg.IsParam) // exec_project.go
	unaliasInsertExprs(a)                                       // rule_returning_checks.go
	installNullDefaults(a)                                      // rule_null_defaults.go
	if cfg.KeepParams != nil {
		wrapRule(a, "simplifyFilters", cfg.KeepParams)
	}
	wrapRule(a, "simplifyFilters", constantFalseFilters)                 // rule_constant_filters.go
	wrapRule(a, "pushdownSubqueryAliasFilters", filtersBelowProjections) // rule_filter_below_project.go
	// GMS's sort elimination orders by an index ignoring where NULLs go
	// (tinybase's trees put them last, PostgreSQL's DESC first), and
	// honours no NULLS FIRST / LAST: accessPaths orders scans instead
	wrapRule(a, "replaceIdxSort", func(analyzer.RuleFunc) analyzer.RuleFunc {
		return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return n, transform.SameTree, nil
		}
	})
	wrapRule(a, "hoistOutOfScopeFilters", keepUnhoistable) // rule_lateral.go
	installLateralRules(a)                                 // rule_lateral.go
	installOuterJoinRules(a)                               // rule_outer_join.go
	installProjectionPruning(a)                            // rule_prune_projection.go
	installDeferredFKs(a)                                  // rule_deferred_fks.go
	if cfg.InstallExecBuilder != nil {
		cfg.InstallExecBuilder(a)
	}
	if gated {
		gateSimpleReads(a) // simple_read.go
	}
	wrapRule(a, "assignExecIndexes", singleStripsAfter)                                                                                       // rule_strip_rows.go
	wrapRule(a, "assignExecIndexes", exposeHeldLimitsFirst)                                                                                   // rule_held_outer.go
	appendAfterAll(a, analyzer.Rule{Id: ruleAccessPaths, Apply: accessPaths(cfg.IsParam, ruleIDs(a, "resolveUnions", "unnestInSubqueries"))}) // rule_access_paths.go
	appendAfterAll(a, analyzer.Rule{Id: ruleAggregateScan, Apply: aggregateScans})                                                            // rule_aggregate_scan.go
	appendAfterAll(a, analyzer.Rule{Id: ruleHeldLimitSubqueries, Apply: heldLimitSubqueries})                                                 // rule_held_limit.go
	appendAfterAll(a, analyzer.Rule{Id: ruleHashKeys, Apply: hashKeys})                                                                       // rule_hash_keys.go
	appendAfterAll(a, analyzer.Rule{Id: ruleComputedAboveJoins, Apply: computedAboveJoins})                                                   // rule_computed_above_joins.go
	appendAfterAll(a, analyzer.Rule{Id: ruleUnusedSubqueryOutputs, Apply: unusedSubqueryOutputs})                                             // rule_unused_outputs.go
	a.Catalog.AuthHandler = gmsNoAuth{}                                                                                                       // auth.go
	return a
}

// ruleIDs finds the ids of GMS's rules by name (GMS does not export
// them).
func ruleIDs(a *analyzer.Analyzer, names ...string) []analyzer.RuleId {
	var out []analyzer.RuleId
	for _, b := range a.Batches {
		for _, r := range b.Rules {
			for _, n := range names {
				if r.Id.String() == n {
					out = append(out, r.Id)
				}
			}
		}
	}
	return out
}

// wrapRule replaces the named GMS rule, in every batch that has it, with
// wrap(rule).
func wrapRule(a *analyzer.Analyzer, name string, wrap func(analyzer.RuleFunc) analyzer.RuleFunc) {
	for _, b := range a.Batches {
		var rules []analyzer.Rule
		for i, r := range b.Rules {
			if r.Id.String() != name {
				continue
			}
			if rules == nil {
				rules = append([]analyzer.Rule{}, b.Rules...) // the builder's slice is GMS's package-level default
			}
			rules[i].Apply = wrap(r.Apply)
		}
		if rules != nil {
			b.Rules = rules
		}
	}
}

// appendAfterAll adds a rule at the end of the after-all batch, after GMS
// assigned execution indexes.
func appendAfterAll(a *analyzer.Analyzer, r analyzer.Rule) {
	b := a.Batches[len(a.Batches)-1]
	b.Rules = append(append([]analyzer.Rule{}, b.Rules...), r) // the builder's slice is GMS's package-level default
}
