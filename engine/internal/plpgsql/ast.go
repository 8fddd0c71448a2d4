package plpgsql

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Expr is one SQL expression or statement of a body, as PostgreSQL's
// PL/pgSQL parser hands it to the SQL parser.
type Expr struct {
	// Text is the query text; for assignments the target has been cut off.
	Text string
	// Source is an assignment's whole text ("x := ..."), which errors
	// report; empty when it is Text.
	Source string
	// Query is true for a whole statement (SELECT ..., INSERT ...), false
	// for an expression (evaluated as SELECT <Text>).
	Query bool
	// Scope resolves the lower-cased names visible at this point to datums
	// (label-qualified names as "label.name").
	Scope map[string]int
	// errLine is the error context line an error evaluating the
	// expression gains (errcontext.go); empty when it gains none.
	errLine string
}

// DatumKind tells variables, rows (INTO target lists) and record fields apart.
type DatumKind uint8

const (
	DVar DatumKind = iota
	DRec
	DRow
	DRecField
)

// Datum is one entry of the function's datum array (variables, rows, record fields).
type Datum struct {
	Kind     DatumKind
	Name     string
	TypeName string
	Line     int
	Const    bool
	NotNull  bool
	Default  *Expr
	Fields   []int // DRow: the varnos of its fields
	// Cursor is a bound cursor variable's query; CursorArgs are the
	// variables its arguments set; CursorOpts are its CURSOR_OPT_* bits.
	Cursor     *Expr
	CursorArgs []int
	CursorOpts int
	Parent     int    // DRecField: the record
	Field      string // DRecField: the field name
	implicit   bool   // found, loop variables, case temps, sqlstate/sqlerrm
}

// Stmt is one PL/pgSQL statement.
type Stmt interface{ line() int }

type stmtBase struct{ Line int }

func (s stmtBase) line() int { return s.Line }

type (
	Block struct {
		stmtBase
		Label    string
		Body     []Stmt
		Decls    []int // datums initialised on entry
		Handlers []*Handler
	}
	Handler struct {
		Conds []string // condition names or SQLSTATEs, lower-cased names
		Body  []Stmt
	}
	Assign struct {
		stmtBase
		Var    int
		Target string // text left of := (for subscripts)
		Expr   *Expr
	}
	If struct {
		stmtBase
		Conds  []*Expr
		Bodies [][]Stmt
		Else   []Stmt
	}
	Case struct {
		stmtBase
		TExpr   *Expr // nil for searched CASE
		TVar    int
		Whens   []*Expr
		Bodies  [][]Stmt
		Else    []Stmt
		HasElse bool
	}
	Loop struct {
		stmtBase
		Label string
		Body  []Stmt
	}
	While struct {
		stmtBase
		Label string
		Cond  *Expr
		Body  []Stmt
	}
	ForInt struct {
		stmtBase
		Label              string
		Var                int
		Lower, Upper, Step *Expr
		Reverse            bool
		Body               []Stmt
	}
	ForQuery struct {
		stmtBase
		Label  string
		Target int // a row datum
		Query  *Expr
		Dyn    *Expr // EXECUTE form
		Params []*Expr
		Body   []Stmt
	}
	ForEach struct {
		stmtBase
		Label string
		Var   int
		Slice int
		Expr  *Expr
		Body  []Stmt
	}
	Exit struct {
		stmtBase
		IsExit bool
		Label  string
		Cond   *Expr
	}
	Return struct {
		stmtBase
		Expr     *Expr
		RetVar   int  // -1 when none
		Implicit bool // the RETURN the parser appends at the end
	}
	ReturnNext struct {
		stmtBase
		Expr   *Expr
		RetVar int
	}
	ReturnQuery struct {
		stmtBase
		Query  *Expr
		Dyn    *Expr
		Params []*Expr
	}
	Perform struct {
		stmtBase
		Expr *Expr
	}
	// CallProc is CALL proc(...): a procedure's output parameters are
	// assigned to the variables passed for them.
	CallProc struct {
		stmtBase
		SQL *Expr
	}
	ExecSQL struct {
		stmtBase
		SQL    *Expr
		Into   bool
		Strict bool
		Target int
	}
	DynExecute struct {
		stmtBase
		Query  *Expr
		Into   bool
		Strict bool
		Target int
		Params []*Expr
	}
	GetDiag struct {
		stmtBase
		Stacked bool
		Items   []DiagItem
	}
	DiagItem struct {
		Kind   string
		Target int
	}
	Raise struct {
		stmtBase
		Level    int
		CondName string
		Message  string
		Params   []*Expr
		Options  []RaiseOption
	}
	RaiseOption struct {
		Kind int
		Expr *Expr
	}
	Assert struct {
		stmtBase
		Cond    *Expr
		Message *Expr
	}
	Null struct{ stmtBase }
	// TxnEnd is COMMIT or ROLLBACK (DO blocks and procedures).
	TxnEnd struct {
		stmtBase
		Commit bool
	}
	// Unsupported is a statement the interpreter does not run yet (cursors,
	// COMMIT inside procedures); running it is 0A000.
	Unsupported struct {
		stmtBase
		What string
	}
)

// Function is a parsed body.
type Function struct {
	// Name is the function's name, which qualifies its parameters (fn.param).
	Name string
	// Signature names the function in error context lines: f(integer);
	// empty for a DO block (inline_code_block).
	Signature string
	// Schema is the function's schema: the context line qualifies the
	// signature with it when the schema is not on the search path, as
	// PostgreSQL's format_procedure does.
	Schema string
	Datums []*Datum
	Body   *Block
	// Found, New and Old are datum numbers (-1 when absent).
	Found, New, Old int
	// NParams is the number of leading parameter datums.
	NParams int
	// Trigger vars (tg_op, ...) are datums appended by Parse for trigger functions.
	TrigVars map[string]int
}

// Parse parses a CREATE FUNCTION statement with a plpgsql body.
func Parse(createFunction string) (*Function, error) {
	src, specs := rewriteCursors(createFunction) // cursor_rewrite.go
	js, err := pg.ParsePlPgSqlToJSON(PrepareSource(src))
	if err != nil {
		if e := CursorsUnsupported(createFunction, err); e != nil {
			return nil, e
		}
		return nil, pgerror.New(pgerror.SyntaxError, "%s", err.Error())
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &raw); err != nil {
		return nil, fmt.Errorf("plpgsql: decode: %w", err)
	}
	if len(raw) != 1 {
		return nil, fmt.Errorf("plpgsql: expected one function, got %d", len(raw))
	}
	var fn jfunc
	if err := json.Unmarshal(raw[0]["PLpgSQL_function"], &fn); err != nil {
		return nil, fmt.Errorf("plpgsql: decode: %w", err)
	}
	return build(&fn, specs)
}

// OutRowMarker stands for a bare RETURN NEXT in a function with OUT
// parameters (the parser needs an expression there).
const OutRowMarker = `"tinybase$out_row"`

// DoBody wraps a DO block's code as a function PostgreSQL's parser accepts.
func DoBody(code string) string {
	tag := "$tb_do$"
	for i := 0; strings.Contains(code, tag); i++ {
		tag = fmt.Sprintf("$tb_do%d$", i)
	}
	return "CREATE FUNCTION tinybase_do() RETURNS void LANGUAGE plpgsql AS " + tag + code + tag
}

// JSON shapes of pg_query's output.
type jnode map[string]json.RawMessage

type jfunc struct {
	NewVarno *int    `json:"new_varno"`
	OldVarno *int    `json:"old_varno"`
	Datums   []jnode `json:"datums"`
	Action   jnode   `json:"action"`
}

type jexpr struct {
	Query     string `json:"query"`
	ParseMode int    `json:"parseMode"`
}

type jtype struct {
	Typname string `json:"typname"`
}

type jdatum struct {
	Refname  string `json:"refname"`
	Lineno   int    `json:"lineno"`
	Datatype struct {
		T jtype `json:"PLpgSQL_type"`
	} `json:"datatype"`
	Isconst bool       `json:"isconst"`
	Notnull bool       `json:"notnull"`
	Default *jexprWrap `json:"default_val"`
	// A bound cursor's query, argument row and options.
	CursorExpr    *jexprWrap `json:"cursor_explicit_expr"`
	CursorArgRow  *int       `json:"cursor_explicit_argrow"`
	CursorOptions int        `json:"cursor_options"`
	Fields        []struct {
		Name  string `json:"name"`
		Varno int    `json:"varno"`
	} `json:"fields"`
	Fieldname   string `json:"fieldname"`
	Recparentno int    `json:"recparentno"`
}

type jexprWrap struct {
	E jexpr `json:"PLpgSQL_expr"`
}

// cursorDecl matches cursor variable declarations ("c CURSOR FOR",
// "c CURSOR (p int) FOR", "c NO SCROLL CURSOR", "c refcursor").
var cursorDecl = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(scroll\s+)?cursor\s*(\(|for\b|is\b)|\brefcursor\b`)
})

// CursorsUnsupported returns the 0A000 error for a body that failed to
// parse because it uses cursors, which the interpreter does not support
// yet (pg_query's PL/pgSQL parser cannot type them either), or nil.
func CursorsUnsupported(src string, parseErr error) error {
	if parseErr == nil || !strings.Contains(parseErr.Error(), "cursor") && !cursorDecl().MatchString(src) {
		return nil
	}
	return pgerror.New(pgerror.FeatureNotSupported, "PL/pgSQL cursors (CURSOR, refcursor, OPEN, FETCH, MOVE) are not supported yet")
}
