package migrations

import (
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// reservedSchemas are the schemas hosted Supabase owns: objects a migration
// creates there may be refused or overwritten on the platform.
var reservedSchemas = map[string]bool{"auth": true, "storage": true}

// candidateScan is what a parse of the candidate tells before it runs.
type candidateScan struct {
	empty      bool
	txnControl *Problem
	warnings   []Warning
}

// scanCandidate parses the candidate with PostgreSQL's parser. A candidate
// that does not parse is neither empty nor classified: running it reports
// the syntax error with PostgreSQL's wording and position.
func scanCandidate(script string) (candidateScan, error) {
	var out candidateScan
	tree, err := pgtree.Parse(script)
	if err != nil {
		return out, nil
	}
	if len(tree.Stmts) == 0 {
		out.empty = true
		return out, nil
	}
	for i, raw := range tree.Stmts {
		loc := skipSpaceAndComments(script, int(raw.StmtLocation))
		pos := runeCount(script[:loc]) + 1
		line, col := lineCol(script, pos)
		if ts := raw.Stmt.GetTransactionStmt(); ts != nil {
			text := stmtText(script, raw)
			out.txnControl = &Problem{
				Statement:      text,
				StatementIndex: i + 1,
				SQLState:       sqlstateInvalidTransactionTermination,
				Message:        fmt.Sprintf("transaction control statement %s is not allowed in a migration", txnWords(ts.Kind, text)),
				Hint:           "Remove BEGIN/COMMIT/ROLLBACK/SAVEPOINT: each migration already runs in one transaction, as the Supabase CLI runs it.",
				Position:       pos, Line: line, Column: col,
			}
			return out, nil
		}
		if schema, what := createdIn(raw.Stmt); reservedSchemas[schema] {
			out.warnings = append(out.warnings, Warning{
				Kind:    "reserved_schema",
				Message: fmt.Sprintf("statement %d creates %s in schema %q, which hosted Supabase reserves; it may fail or be lost on the platform", i+1, what, schema),
				Line:    line, Column: col,
			})
		} else if schema, verb := changedIn(raw.Stmt); reservedSchemas[schema] {
			out.warnings = append(out.warnings, Warning{
				Kind:    "reserved_schema",
				Message: fmt.Sprintf("statement %d %s an object in schema %q, which hosted Supabase manages; the postgres role does not own it there, so this fails with permission denied", i+1, verb, schema),
				Line:    line, Column: col,
			})
		}
	}
	return out, nil
}

func stmtText(script string, raw *pg.RawStmt) string {
	start := skipSpaceAndComments(script, int(raw.StmtLocation))
	end := len(script)
	if raw.StmtLen > 0 && int(raw.StmtLocation+raw.StmtLen) <= len(script) {
		end = int(raw.StmtLocation + raw.StmtLen)
	}
	if start > end {
		return ""
	}
	return strings.TrimSpace(script[start:end])
}

// txnWords names a transaction control statement as written for one-word
// forms (BEGIN, END, ABORT, ...) and by its full keyword for the others.
func txnWords(kind pg.TransactionStmtKind, text string) string {
	switch kind {
	case pg.TransactionStmtKind_TRANS_STMT_START:
		return "START TRANSACTION"
	case pg.TransactionStmtKind_TRANS_STMT_PREPARE:
		return "PREPARE TRANSACTION"
	case pg.TransactionStmtKind_TRANS_STMT_COMMIT_PREPARED:
		return "COMMIT PREPARED"
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_PREPARED:
		return "ROLLBACK PREPARED"
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_TO:
		return "ROLLBACK TO SAVEPOINT"
	}
	return strings.ToUpper(firstWord(text))
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return strings.TrimSuffix(f[0], ";")
	}
	return s
}

// createdIn names the schema an object-creating statement puts its object
// in ("" when unqualified or not a creation) and what it creates.
// Triggers on auth.users are deliberately not reported: they are the
// documented Supabase pattern (the trigger lives on the table, the
// function in the user's schema).
func createdIn(n *pg.Node) (schema, what string) {
	qual := func(names []*pg.Node) string {
		if len(names) >= 2 {
			return names[len(names)-2].GetString_().GetSval()
		}
		return ""
	}
	switch {
	case n.GetCreateStmt() != nil:
		return n.GetCreateStmt().GetRelation().GetSchemaname(), "a table"
	case n.GetViewStmt() != nil:
		return n.GetViewStmt().GetView().GetSchemaname(), "a view"
	case n.GetCreateTableAsStmt() != nil:
		return n.GetCreateTableAsStmt().GetInto().GetRel().GetSchemaname(), "a table"
	case n.GetCreateSeqStmt() != nil:
		return n.GetCreateSeqStmt().GetSequence().GetSchemaname(), "a sequence"
	case n.GetCreateFunctionStmt() != nil:
		return qual(n.GetCreateFunctionStmt().GetFuncname()), "a function"
	case n.GetCreateEnumStmt() != nil:
		return qual(n.GetCreateEnumStmt().GetTypeName()), "a type"
	case n.GetCompositeTypeStmt() != nil:
		return n.GetCompositeTypeStmt().GetTypevar().GetSchemaname(), "a type"
	case n.GetCreateDomainStmt() != nil:
		return qual(n.GetCreateDomainStmt().GetDomainname()), "a domain"
	case n.GetDefineStmt() != nil:
		return qual(n.GetDefineStmt().GetDefnames()), "an object"
	case n.GetIndexStmt() != nil:
		return n.GetIndexStmt().GetRelation().GetSchemaname(), "an index"
	}
	return "", ""
}

// changedIn names the schema of an object an ALTER TABLE / DROP / RENAME
// statement changes. Policies and triggers are not reported: policies on
// storage.objects and triggers on auth.users are the documented Supabase
// patterns.
func changedIn(n *pg.Node) (schema, verb string) {
	switch {
	case n.GetAlterTableStmt() != nil:
		return n.GetAlterTableStmt().GetRelation().GetSchemaname(), "alters"
	case n.GetRenameStmt() != nil && n.GetRenameStmt().GetRelation() != nil:
		return n.GetRenameStmt().GetRelation().GetSchemaname(), "renames"
	case n.GetDropStmt() != nil:
		switch n.GetDropStmt().GetRemoveType() {
		case pg.ObjectType_OBJECT_POLICY, pg.ObjectType_OBJECT_TRIGGER:
			return "", ""
		}
		for _, o := range n.GetDropStmt().GetObjects() {
			if l := o.GetList(); l != nil && len(l.GetItems()) >= 2 {
				if sch := l.GetItems()[0].GetString_().GetSval(); reservedSchemas[sch] {
					return sch, "drops"
				}
			}
		}
	case n.GetTruncateStmt() != nil:
		for _, r := range n.GetTruncateStmt().GetRelations() {
			if sch := r.GetRangeVar().GetSchemaname(); reservedSchemas[sch] {
				return sch, "truncates"
			}
		}
	}
	return "", ""
}

func asPG(err error) (*pgerror.Error, bool) { return pgerror.As(err) }

// sqlstateInvalidTransactionTermination is invalid_transaction_termination,
// PostgreSQL's code for COMMIT where a transaction may not end.
const sqlstateInvalidTransactionTermination = "2D000"

// skipSpaceAndComments moves i past whitespace and comments: a statement's
// location in the parse tree starts right after the previous semicolon.
func skipSpaceAndComments(script string, i int) int {
	for i < len(script) {
		switch {
		case script[i] == ' ' || script[i] == '\t' || script[i] == '\n' || script[i] == '\r' || script[i] == '\f':
			i++
		case strings.HasPrefix(script[i:], "--"):
			if j := strings.IndexByte(script[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(script)
			}
		case strings.HasPrefix(script[i:], "/*"):
			if j := strings.Index(script[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(script)
			}
		default:
			return i
		}
	}
	if i > len(script) {
		i = len(script)
	}
	return i
}
