package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Txn is BEGIN / COMMIT / ROLLBACK / SAVEPOINT / RELEASE / ROLLBACK TO,
// and the two-phase commit statements.
type Txn struct {
	// Kind is begin, set (SET TRANSACTION), commit, rollback, savepoint,
	// release, rollback_to, prepare (PREPARE TRANSACTION),
	// commit_prepared or rollback_prepared.
	Kind      string
	Savepoint string
	GID       string // the two-phase commit statements' transaction id
	Tag       string
	Isolation string // BEGIN ISOLATION LEVEL ..., lower case
	ReadOnly  *bool  // BEGIN READ ONLY / READ WRITE
}

// Set is SET / SET LOCAL / RESET.
type Set struct {
	Name  string
	Value string // "" with Reset
	Local bool
	Reset bool
	All   bool // RESET ALL
}

// Show is SHOW name.
type Show struct{ Name string }

// CreateSchema is CREATE SCHEMA.
type CreateSchema struct {
	Name        string
	IfNotExists bool
}

// DropSchema is DROP SCHEMA.
type DropSchema struct {
	Names    []string
	IfExists bool
	Cascade  bool
}

func (*Txn) command()          {}
func (*Set) command()          {}
func (*Show) command()         {}
func (*CreateSchema) command() {}
func (*DropSchema) command()   {}

func (t *Translator) transaction(s *pg.TransactionStmt) (Result, error) {
	switch s.Kind {
	case pg.TransactionStmtKind_TRANS_STMT_BEGIN, pg.TransactionStmtKind_TRANS_STMT_START:
		tag := "BEGIN"
		if s.Kind == pg.TransactionStmtKind_TRANS_STMT_START {
			tag = "START TRANSACTION"
		}
		c := &Txn{Kind: "begin", Tag: tag}
		txnOptions(c, s.Options)
		return Result{Cmd: c, Tag: tag}, nil
	case pg.TransactionStmtKind_TRANS_STMT_COMMIT:
		return Result{Cmd: &Txn{Kind: "commit"}, Tag: "COMMIT"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK:
		return Result{Cmd: &Txn{Kind: "rollback"}, Tag: "ROLLBACK"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_SAVEPOINT:
		return Result{Cmd: &Txn{Kind: "savepoint", Savepoint: s.SavepointName}, Tag: "SAVEPOINT"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_RELEASE:
		return Result{Cmd: &Txn{Kind: "release", Savepoint: s.SavepointName}, Tag: "RELEASE"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_TO:
		return Result{Cmd: &Txn{Kind: "rollback_to", Savepoint: s.SavepointName}, Tag: "ROLLBACK"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_PREPARE:
		return Result{Cmd: &Txn{Kind: "prepare", GID: s.Gid}, Tag: "PREPARE TRANSACTION"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_COMMIT_PREPARED:
		return Result{Cmd: &Txn{Kind: "commit_prepared", GID: s.Gid}, Tag: "COMMIT PREPARED"}, nil
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_PREPARED:
		return Result{Cmd: &Txn{Kind: "rollback_prepared", GID: s.Gid}, Tag: "ROLLBACK PREPARED"}, nil
	}
	return Result{}, pgerror.New(pgerror.FeatureNotSupported, "transaction statement not supported: %s", s.Kind)
}

// txnOptions reads BEGIN's / SET TRANSACTION's isolation level and access
// mode.
func txnOptions(c *Txn, opts []*pg.Node) {
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		switch d.Defname {
		case "transaction_isolation":
			c.Isolation = constText(d.Arg)
		case "transaction_read_only":
			ro := constText(d.Arg) == "1"
			c.ReadOnly = &ro
		}
	}
}

func (t *Translator) set(s *pg.VariableSetStmt) (Result, error) {
	switch s.Kind {
	case pg.VariableSetKind_VAR_SET_VALUE:
		vals := make([]string, 0, len(s.Args))
		for _, a := range s.Args {
			if tc := a.GetTypeCast(); tc != nil && s.Name == "timezone" && isIntervalTypeName(tc.TypeName) {
				// SET TIME ZONE INTERVAL '+05:30' HOUR TO MINUTE: the
				// setting reads the interval (check_timezone)
				vals = append(vals, "INTERVAL '"+constText(a)+"'")
				continue
			}
			vals = append(vals, constText(a))
		}
		name := s.Name
		if name == "timezone" {
			name = "TimeZone"
		}
		return Result{Cmd: &Set{Name: s.Name, Value: strings.Join(vals, ", "), Local: s.IsLocal}, Tag: "SET"}, nil
	case pg.VariableSetKind_VAR_SET_DEFAULT, pg.VariableSetKind_VAR_RESET:
		return Result{Cmd: &Set{Name: s.Name, Reset: true, Local: s.IsLocal}, Tag: map[bool]string{true: "SET", false: "RESET"}[s.Kind == pg.VariableSetKind_VAR_SET_DEFAULT]}, nil
	case pg.VariableSetKind_VAR_RESET_ALL:
		return Result{Cmd: &Set{Reset: true, All: true}, Tag: "RESET"}, nil
	case pg.VariableSetKind_VAR_SET_MULTI:
		if s.Name == "TRANSACTION" {
			c := &Txn{Kind: "set", Tag: "SET"}
			txnOptions(c, s.Args)
			return Result{Cmd: c, Tag: "SET"}, nil
		}
		if s.Name == "SESSION CHARACTERISTICS" {
			return Result{Cmd: &Set{Name: "transaction", Value: ""}, Tag: "SET"}, nil
		}
	}
	return Result{}, pgerror.New(pgerror.FeatureNotSupported, "SET form not supported")
}

// isIntervalTypeName reports whether tn names the interval type.
func isIntervalTypeName(tn *pg.TypeName) bool {
	if tn == nil || len(tn.Names) == 0 {
		return false
	}
	return tn.Names[len(tn.Names)-1].GetString_().GetSval() == "interval"
}

func constText(n *pg.Node) string {
	switch c := n.Node.(type) {
	case *pg.Node_AConst:
		switch v := c.AConst.Val.(type) {
		case *pg.A_Const_Sval:
			return v.Sval.Sval
		case *pg.A_Const_Ival:
			return itoa(int64(v.Ival.Ival))
		case *pg.A_Const_Fval:
			return v.Fval.Fval
		case *pg.A_Const_Boolval:
			if v.Boolval.Boolval {
				return "on"
			}
			return "off"
		}
	case *pg.Node_TypeCast:
		return constText(c.TypeCast.Arg)
	}
	return ""
}
