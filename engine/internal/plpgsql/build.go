package plpgsql

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// jstmt is the union of the statement shapes pg_query emits.
type jstmt struct {
	Lineno     int     `json:"lineno"`
	Label      string  `json:"label"`
	Body       []jnode `json:"body"`
	Exceptions *struct {
		B struct {
			List []struct {
				E struct {
					Conditions []struct {
						C struct {
							Condname string `json:"condname"`
						} `json:"PLpgSQL_condition"`
					} `json:"conditions"`
					Action []jnode `json:"action"`
				} `json:"PLpgSQL_exception"`
			} `json:"exc_list"`
		} `json:"PLpgSQL_exception_block"`
	} `json:"exceptions"`
	Varno    int        `json:"varno"`
	Expr     *jexprWrap `json:"expr"`
	Cond     *jexprWrap `json:"cond"`
	ThenBody []jnode    `json:"then_body"`
	Elsifs   []struct {
		E struct {
			Cond  *jexprWrap `json:"cond"`
			Stmts []jnode    `json:"stmts"`
		} `json:"PLpgSQL_if_elsif"`
	} `json:"elsif_list"`
	ElseBody  []jnode    `json:"else_body"`
	ElseStmts []jnode    `json:"else_stmts"`
	TExpr     *jexprWrap `json:"t_expr"`
	TVarno    int        `json:"t_varno"`
	Whens     []struct {
		W struct {
			Expr  *jexprWrap `json:"expr"`
			Stmts []jnode    `json:"stmts"`
		} `json:"PLpgSQL_case_when"`
	} `json:"case_when_list"`
	HaveElse bool        `json:"have_else"`
	Var      jnode       `json:"var"`
	Lower    *jexprWrap  `json:"lower"`
	Upper    *jexprWrap  `json:"upper"`
	Step     *jexprWrap  `json:"step"`
	Reverse  bool        `json:"reverse"`
	Query    *jexprWrap  `json:"query"`
	Dynquery *jexprWrap  `json:"dynquery"`
	Params   []jexprWrap `json:"params"`
	Slice    int         `json:"slice"`
	IsExit   bool        `json:"is_exit"`
	Retvarno *int        `json:"retvarno"`
	Sqlstmt  *jexprWrap  `json:"sqlstmt"`
	Into     bool        `json:"into"`
	Strict   bool        `json:"strict"`
	IsCall   bool        `json:"is_call"`
	Target   jnode       `json:"target"`
	Stacked  bool        `json:"is_stacked"`
	Diag     []struct {
		D struct {
			Kind   string `json:"kind"`
			Target int    `json:"target"`
		} `json:"PLpgSQL_diag_item"`
	} `json:"diag_items"`
	ElogLevel int    `json:"elog_level"`
	Condname  string `json:"condname"`
	Message   any    `json:"message"`
	Options   []struct {
		O struct {
			OptType int        `json:"opt_type"`
			Expr    *jexprWrap `json:"expr"`
		} `json:"PLpgSQL_raise_option"`
	} `json:"options"`
}

type builder struct {
	f *Function
	// loopVars are the loop variables in scope, innermost last.
	loopVars []int
	// labels are the enclosing labelled blocks and their declarations.
	labels  []blockLabel
	claimed map[int]bool
	line    int
	// cursors are the cursor statements the source was rewritten from
	// (cursor_rewrite.go).
	cursors []cursorSpec
}

func build(jf *jfunc, cursors []cursorSpec) (*Function, error) {
	f := &Function{Found: -1, New: -1, Old: -1}
	for i, jd := range jf.Datums {
		for kind, raw := range jd {
			var d jdatum
			if err := json.Unmarshal(raw, &d); err != nil {
				return nil, fmt.Errorf("plpgsql: decode datum: %w", err)
			}
			dt := &Datum{Name: strings.ToLower(d.Refname), TypeName: strings.TrimSpace(d.Datatype.T.Typname), Line: d.Lineno,
				Const: d.Isconst, NotNull: d.Notnull}
			if d.Default != nil {
				dt.Default = &Expr{Text: d.Default.E.Query, errLine: exprErrLine(d.Default.E.Query, d.Default.E.Query, false)}
			}
			if d.CursorExpr != nil {
				// a bound cursor: a refcursor naming itself until opened
				dt.TypeName = "refcursor"
				dt.Cursor = &Expr{Text: d.CursorExpr.E.Query, Query: true}
				dt.CursorOpts = d.CursorOptions
				if d.CursorArgRow != nil && *d.CursorArgRow >= 0 {
					dt.CursorArgs = []int{*d.CursorArgRow} // the row datum; fields resolved below
				}
				if dt.Default == nil {
					dt.Default = &Expr{Text: quoteLiteral(dt.Name)}
				}
			}
			switch kind {
			case "PLpgSQL_var":
				dt.Kind = DVar
			case "PLpgSQL_rec":
				dt.Kind = DRec
				if dt.TypeName == "" {
					dt.TypeName = "record"
				}
			case "PLpgSQL_row":
				dt.Kind = DRow
				for _, fl := range d.Fields {
					dt.Fields = append(dt.Fields, fl.Varno)
				}
			case "PLpgSQL_recfield":
				dt.Kind = DRecField
				dt.Parent = d.Recparentno
				dt.Field = d.Fieldname
			}
			if dt.Name == "found" && dt.Kind == DVar && f.Found < 0 {
				f.Found = i
				dt.implicit = true
			}
			if _, _, isMarker := fieldTarget(dt.Name); isMarker {
				dt.implicit = true
			}
			if strings.HasPrefix(dt.Name, "__case__variable_") || ((dt.Name == "sqlstate" || dt.Name == "sqlerrm") && dt.Const) {
				dt.implicit = true
			}
			f.Datums = append(f.Datums, dt)
		}
	}
	if f.Found >= 0 {
		f.NParams = f.Found
	}
	for i, d := range f.Datums {
		if i >= f.NParams && d.Kind == DVar && !d.implicit && d.TypeName == "UNKNOWN" {
			d.implicit, d.TypeName = true, "loopvar"
		}
	}
	if jf.NewVarno != nil {
		f.New, f.Old = *jf.NewVarno, *jf.OldVarno
		f.Datums[f.New].implicit = true
		f.Datums[f.Old].implicit = true
		f.TrigVars = map[string]int{}
		for _, n := range trigVarNames {
			f.TrigVars[n] = len(f.Datums)
			f.Datums = append(f.Datums, &Datum{Kind: DVar, Name: n, implicit: true})
		}
	}
	for _, d := range f.Datums {
		if len(d.CursorArgs) == 1 && d.CursorArgs[0] < len(f.Datums) {
			d.CursorArgs = f.Datums[d.CursorArgs[0]].Fields
		}
	}
	b := &builder{f: f, claimed: map[int]bool{}, cursors: cursors}
	// loop variables are implicit: find them first
	var blk jstmt
	if raw, ok := jf.Action["PLpgSQL_stmt_block"]; ok {
		if err := json.Unmarshal(raw, &blk); err != nil {
			return nil, fmt.Errorf("plpgsql: decode: %w", err)
		}
	}
	body, err := b.block(&blk, true)
	if err != nil {
		return nil, err
	}
	// declarations no block claimed (line numbers did not tell) start with the function
	for i, d := range f.Datums {
		if !b.claimed[i] && !d.implicit && i >= f.NParams && d.Kind != DRow && d.Kind != DRecField && d.Name != "" {
			body.Decls = append(body.Decls, i)
			if d.Default != nil {
				b.line = d.Line
				d.Default.Scope = b.scope()
			}
		}
	}
	f.Body = body
	return f, nil
}

func (b *builder) expr(w *jexprWrap, query bool) *Expr {
	if w == nil {
		return nil
	}
	e := &Expr{Text: w.E.Query, Query: query || w.E.ParseMode == 0}
	if w.E.ParseMode == 3 || w.E.ParseMode == 4 {
		e.Text = assignSource(e.Text)
		if e.Text != w.E.Query && strings.HasSuffix(w.E.Query, e.Text) {
			e.Source = w.E.Query
		}
	}
	if !e.Query {
		e.errLine = exprErrLine(w.E.Query, e.Text, w.E.ParseMode == 3 || w.E.ParseMode == 4)
	}
	e.Scope = b.scope()
	return e
}

// assignSource cuts "target := " (or "target = ") off an assignment's text.
func assignSource(s string) string {
	depth := 0
	inQuote := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote:
			if c == '"' {
				inQuote = false
			}
		case c == '"':
			inQuote = true
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case depth == 0 && c == ':' && i+1 < len(s) && s[i+1] == '=':
			return strings.TrimSpace(s[i+2:])
		case depth == 0 && c == '=':
			return strings.TrimSpace(s[i+1:])
		}
	}
	return s
}

// assignTarget is the text left of := (the target, with any subscripts).
func assignTarget(s string) string {
	src := assignSource(s)
	if i := strings.LastIndex(s, src); i >= 0 {
		t := strings.TrimSpace(s[:i])
		t = strings.TrimSuffix(t, ":=")
		t = strings.TrimSuffix(t, "=")
		return strings.TrimSpace(t)
	}
	return ""
}

// scope maps each visible name to its datum: loop variables innermost
// first, then the latest declaration at or before the current line.
func (b *builder) scope() map[string]int {
	m := map[string]int{}
	bestLine := map[string]int{}
	for i, d := range b.f.Datums {
		if d.Kind == DRow || d.Kind == DRecField || d.Name == "" || b.isLoopVar(i) {
			continue
		}
		if d.Line > b.line && i >= b.f.NParams && d.Line != 0 {
			continue
		}
		if l, ok := bestLine[d.Name]; !ok || d.Line >= l {
			m[d.Name], bestLine[d.Name] = i, d.Line
		}
	}
	for _, v := range b.loopVars {
		m[b.f.Datums[v].Name] = v
	}
	for _, l := range b.labels {
		for _, d := range l.decls {
			m[l.label+"."+b.f.Datums[d].Name] = d
		}
	}
	return m
}

type blockLabel struct {
	label string
	decls []int
}

func (b *builder) isLoopVar(i int) bool {
	return b.f.Datums[i].implicit && b.f.Datums[i].TypeName == "loopvar"
}

func (b *builder) block(s *jstmt, top bool) (*Block, error) {
	b.line = s.Lineno
	blk := &Block{stmtBase: stmtBase{s.Lineno}, Label: s.Label}
	for i, d := range b.f.Datums {
		if b.claimed[i] || d.implicit || i < b.f.NParams || d.Kind == DRow || d.Kind == DRecField || d.Name == "" {
			continue
		}
		if d.Line <= s.Lineno {
			b.claimed[i] = true
			blk.Decls = append(blk.Decls, i)
			if d.Default != nil {
				saved := b.line
				b.line = d.Line
				d.Default.Scope = b.scope()
				b.line = saved
			}
		}
	}
	if blk.Label != "" {
		b.labels = append(b.labels, blockLabel{strings.ToLower(blk.Label), blk.Decls})
		defer func() { b.labels = b.labels[:len(b.labels)-1] }()
	}
	var err error
	if blk.Body, err = b.stmts(s.Body); err != nil {
		return nil, err
	}
	if s.Exceptions != nil {
		for _, ex := range s.Exceptions.B.List {
			h := &Handler{}
			for _, c := range ex.E.Conditions {
				h.Conds = append(h.Conds, c.C.Condname)
			}
			if h.Body, err = b.stmts(ex.E.Action); err != nil {
				return nil, err
			}
			blk.Handlers = append(blk.Handlers, h)
		}
	}
	return blk, nil
}

func (b *builder) stmts(ns []jnode) ([]Stmt, error) {
	var out []Stmt
	for _, n := range ns {
		st, err := b.stmt(n)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

func rowDatum(n jnode) (int, []int) {
	for _, raw := range n {
		var d struct {
			Fields []struct {
				Varno int `json:"varno"`
			} `json:"fields"`
			Dno *int `json:"dno"`
		}
		_ = json.Unmarshal(raw, &d)
		var vs []int
		for _, f := range d.Fields {
			vs = append(vs, f.Varno)
		}
		if d.Dno != nil {
			return *d.Dno, nil
		}
		return -1, vs
	}
	return -1, nil
}

// target registers an INTO target: a row datum made of fields, or one
// record/variable; returns a datum number.
func (b *builder) target(n jnode) int {
	if n == nil {
		return -1
	}
	dno, fields := rowDatum(n)
	if dno >= 0 {
		return dno
	}
	// find the row datum with these fields
	for i, d := range b.f.Datums {
		if d.Kind == DRow && equalInts(d.Fields, fields) {
			return i
		}
	}
	b.f.Datums = append(b.f.Datums, &Datum{Kind: DRow, Fields: fields})
	return len(b.f.Datums) - 1
}

func equalInts(a, c []int) bool {
	if len(a) != len(c) {
		return false
	}
	for i := range a {
		if a[i] != c[i] {
			return false
		}
	}
	return true
}

func (b *builder) exprs(ws []jexprWrap) []*Expr {
	var out []*Expr
	for i := range ws {
		out = append(out, b.expr(&ws[i], false))
	}
	return out
}

func (b *builder) stmt(n jnode) (Stmt, error) {
	for kind, raw := range n {
		var s jstmt
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("plpgsql: decode %s: %w", kind, err)
		}
		if s.Lineno > 0 {
			b.line = s.Lineno
		}
		base := stmtBase{s.Lineno}
		switch kind {
		case "PLpgSQL_stmt_block":
			return b.block(&s, false)
		case "PLpgSQL_stmt_assign":
			st := &Assign{stmtBase: base, Var: s.Varno, Expr: b.expr(s.Expr, false)}
			st.Target = assignTarget(s.Expr.E.Query)
			if rec, field, ok := fieldTarget(b.f.Datums[s.Varno].Name); ok {
				parent, found := st.Expr.Scope[rec]
				if !found {
					return nil, pgerror.New(pgerror.SyntaxError, "\"%s.%s\" is not a known variable", rec, field)
				}
				b.f.Datums = append(b.f.Datums, &Datum{Kind: DRecField, Parent: parent, Field: field, implicit: true})
				st.Var, st.Target = len(b.f.Datums)-1, rec+"."+field
			}
			return st, nil
		case "PLpgSQL_stmt_if":
			st := &If{stmtBase: base}
			st.Conds = append(st.Conds, b.expr(s.Cond, false))
			body, err := b.stmts(s.ThenBody)
			if err != nil {
				return nil, err
			}
			st.Bodies = append(st.Bodies, body)
			for _, el := range s.Elsifs {
				st.Conds = append(st.Conds, b.expr(el.E.Cond, false))
				body, err := b.stmts(el.E.Stmts)
				if err != nil {
					return nil, err
				}
				st.Bodies = append(st.Bodies, body)
			}
			var err2 error
			st.Else, err2 = b.stmts(s.ElseBody)
			return st, err2
		case "PLpgSQL_stmt_case":
			st := &Case{stmtBase: base, TExpr: b.expr(s.TExpr, false), TVar: s.TVarno, HasElse: s.HaveElse}
			for _, w := range s.Whens {
				st.Whens = append(st.Whens, b.expr(w.W.Expr, false))
				body, err := b.stmts(w.W.Stmts)
				if err != nil {
					return nil, err
				}
				st.Bodies = append(st.Bodies, body)
			}
			var err error
			st.Else, err = b.stmts(s.ElseStmts)
			return st, err
		case "PLpgSQL_stmt_loop":
			body, err := b.stmts(s.Body)
			return &Loop{stmtBase: base, Label: s.Label, Body: body}, err
		case "PLpgSQL_stmt_while":
			cond := b.expr(s.Cond, false)
			body, err := b.stmts(s.Body)
			return &While{stmtBase: base, Label: s.Label, Cond: cond, Body: body}, err
		case "PLpgSQL_stmt_fori":
			if sp, ok := b.cursorSpecOf(true, s.Lower); ok {
				return b.cursorLoopStmt(base, sp, &s) // cursor.go
			}
			st := &ForInt{stmtBase: base, Label: s.Label, Reverse: s.Reverse}
			st.Lower, st.Upper, st.Step = b.expr(s.Lower, false), b.expr(s.Upper, false), b.expr(s.Step, false)
			var vd jdatum
			_ = json.Unmarshal(s.Var["PLpgSQL_var"], &vd)
			st.Var = b.loopVar(vd)
			b.loopVars = append(b.loopVars, st.Var)
			body, err := b.stmts(s.Body)
			b.loopVars = b.loopVars[:len(b.loopVars)-1]
			st.Body = body
			return st, err
		case "PLpgSQL_stmt_fors", "PLpgSQL_stmt_dynfors":
			st := &ForQuery{stmtBase: base, Label: s.Label, Target: b.target(s.Var)}
			if kind == "PLpgSQL_stmt_fors" {
				st.Query = b.expr(s.Query, true)
			} else {
				st.Dyn = b.expr(s.Query, false)
				st.Params = b.exprs(s.Params)
			}
			body, err := b.stmts(s.Body)
			st.Body = body
			return st, err
		case "PLpgSQL_stmt_foreach_a":
			st := &ForEach{stmtBase: base, Label: s.Label, Var: s.Varno, Slice: s.Slice, Expr: b.expr(s.Expr, false)}
			body, err := b.stmts(s.Body)
			st.Body = body
			return st, err
		case "PLpgSQL_stmt_exit":
			return &Exit{stmtBase: base, IsExit: s.IsExit, Label: s.Label, Cond: b.expr(s.Cond, false)}, nil
		case "PLpgSQL_stmt_return":
			// pg_query appends a RETURN (no line number) to every body
			st := &Return{stmtBase: base, Expr: b.expr(s.Expr, false), RetVar: -1, Implicit: s.Lineno == 0 && s.Expr == nil}
			if s.Retvarno != nil {
				st.RetVar = *s.Retvarno
			}
			return st, nil
		case "PLpgSQL_stmt_return_next":
			st := &ReturnNext{stmtBase: base, Expr: b.expr(s.Expr, false), RetVar: -1}
			if st.Expr != nil && st.Expr.Text == OutRowMarker {
				st.Expr = nil
			}
			if s.Retvarno != nil {
				st.RetVar = *s.Retvarno
			}
			return st, nil
		case "PLpgSQL_stmt_return_query":
			st := &ReturnQuery{stmtBase: base}
			if s.Dynquery != nil {
				st.Dyn = b.expr(s.Dynquery, false)
				st.Params = b.exprs(s.Params)
			} else {
				st.Query = b.expr(s.Query, true)
			}
			return st, nil
		case "PLpgSQL_stmt_perform":
			e := b.expr(s.Expr, true)
			return &Perform{stmtBase: base, Expr: e}, nil
		case "PLpgSQL_stmt_call":
			if !s.IsCall {
				return &Unsupported{stmtBase: base, What: "DO"}, nil
			}
			return &CallProc{stmtBase: base, SQL: b.expr(s.Expr, true)}, nil
		case "PLpgSQL_stmt_execsql":
			return &ExecSQL{stmtBase: base, SQL: b.expr(s.Sqlstmt, true), Into: s.Into, Strict: s.Strict, Target: b.target(s.Target)}, nil
		case "PLpgSQL_stmt_dynexecute":
			if sp, ok := b.cursorSpecOf(true, s.Query); ok {
				return b.cursorStmt(base, sp, b.exprs(s.Params), b.target(s.Target)) // cursor.go
			}
			return &DynExecute{stmtBase: base, Query: b.expr(s.Query, false), Into: s.Into, Strict: s.Strict, Target: b.target(s.Target), Params: b.exprs(s.Params)}, nil
		case "PLpgSQL_stmt_getdiag":
			st := &GetDiag{stmtBase: base, Stacked: s.Stacked}
			for _, d := range s.Diag {
				st.Items = append(st.Items, DiagItem{Kind: d.D.Kind, Target: d.D.Target})
			}
			return st, nil
		case "PLpgSQL_stmt_raise":
			st := &Raise{stmtBase: base, Level: s.ElogLevel, CondName: s.Condname, Params: b.exprs(s.Params)}
			if m, ok := s.Message.(string); ok {
				st.Message = m
			}
			for _, o := range s.Options {
				st.Options = append(st.Options, RaiseOption{Kind: o.O.OptType, Expr: b.expr(o.O.Expr, false)})
			}
			return st, nil
		case "PLpgSQL_stmt_assert":
			var msg *jexprWrap
			if m, ok := s.Message.(map[string]any); ok {
				if e, ok := m["PLpgSQL_expr"].(map[string]any); ok {
					q, _ := e["query"].(string)
					msg = &jexprWrap{E: jexpr{Query: q, ParseMode: 2}}
				}
			}
			return &Assert{stmtBase: base, Cond: b.expr(s.Cond, false), Message: b.expr(msg, false)}, nil
		}
		if kind == "PLpgSQL_stmt_commit" || kind == "PLpgSQL_stmt_rollback" {
			return &TxnEnd{stmtBase: base, Commit: kind == "PLpgSQL_stmt_commit"}, nil
		}
		name := strings.TrimPrefix(kind, "PLpgSQL_stmt_")
		return &Unsupported{stmtBase: base, What: name}, nil
	}
	return &Null{}, nil
}

// loopVar finds the datum of an integer FOR loop's variable.
func (b *builder) loopVar(vd jdatum) int {
	name := strings.ToLower(vd.Refname)
	for i, d := range b.f.Datums {
		if d.Kind == DVar && d.Name == name && d.Line == vd.Lineno && !b.claimed[i] && d.TypeName == "loopvar" {
			b.claimed[i] = true
			return i
		}
	}
	b.f.Datums = append(b.f.Datums, &Datum{Kind: DVar, Name: name, Line: vd.Lineno, implicit: true, TypeName: "loopvar"})
	return len(b.f.Datums) - 1
}
