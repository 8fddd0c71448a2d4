package plpgsql

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// elog levels as PostgreSQL's elog.h numbers them.
const (
	levelLog     = 15
	levelInfo    = 17
	levelNotice  = 18
	levelWarning = 19
	levelError   = 21
)

// raise runs RAISE (PostgreSQL docs 43.9).
func (f *Frame) raise(ctx context.Context, st *Raise) error {
	if st.Level >= levelError && st.CondName == "" && st.Message == "" && len(st.Options) == 0 {
		if len(f.err) == 0 {
			return pgerror.New("0Z002", "RAISE without parameters cannot be used outside an exception handler")
		}
		return f.err[len(f.err)-1]
	}
	code := ""
	message := ""
	if st.CondName != "" {
		c, ok := conditionCode(st.CondName)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "unrecognized exception condition \"%s\"", st.CondName)
		}
		code = c
	}
	if st.Message != "" {
		var b strings.Builder
		pi := 0
		for i := 0; i < len(st.Message); i++ {
			c := st.Message[i]
			if c != '%' {
				b.WriteByte(c)
				continue
			}
			if i+1 < len(st.Message) && st.Message[i+1] == '%' {
				b.WriteByte('%')
				i++
				continue
			}
			if pi >= len(st.Params) {
				return pgerror.New(pgerror.SyntaxError, "too few parameters specified for RAISE")
			}
			v, t, err := f.eval(ctx, st.Params[pi])
			if err != nil {
				return err
			}
			pi++
			if v == nil {
				b.WriteString("<NULL>")
			} else {
				b.WriteString(f.host.Output(v, t))
			}
		}
		if pi < len(st.Params) {
			return pgerror.New(pgerror.SyntaxError, "too many parameters specified for RAISE")
		}
		message = b.String()
	}
	seen := map[int]bool{}
	if st.Message != "" || st.CondName != "" {
		seen[1] = st.Message != ""
	}
	for _, o := range st.Options {
		if seen[o.Kind] {
			return pgerror.New(pgerror.SyntaxError, "RAISE option already specified: %s", raiseOptionNames[o.Kind])
		}
		seen[o.Kind] = true
	}
	var detail, hint, column, constraint, datatype, table, schema string
	condName := st.CondName // ERRCODE's text as written names it too (exec_stmt_raise)
	for _, o := range st.Options {
		v, t, err := f.eval(ctx, o.Expr)
		if err != nil {
			return err
		}
		if v == nil {
			return pgerror.New(pgerror.NullValueNotAllowed, "RAISE statement option cannot be null")
		}
		s := f.host.Output(v, t)
		switch o.Kind {
		case 0:
			c, ok := conditionCode(s)
			if !ok {
				return pgerror.New(pgerror.UndefinedObject, "unrecognized exception condition \"%s\"", s)
			}
			code, condName = c, s
		case 1:
			message = s
		case 2:
			detail = s
		case 3:
			hint = s
		case 4:
			column = s
		case 5:
			constraint = s
		case 6:
			datatype = s
		case 7:
			table = s
		case 8:
			schema = s
		}
	}
	if message == "" && st.Message == "" {
		switch {
		case condName != "":
			message = condName
		case code != "":
			message = code
		}
	}
	if st.Level < levelError {
		if code == "" {
			// elog's default SQLSTATE: 01000 for a warning, 00000 below
			code = "00000"
			if st.Level >= levelWarning {
				code = "01000"
			}
		}
		level := "NOTICE"
		switch {
		case st.Level >= levelWarning:
			level = "WARNING"
		case st.Level == levelInfo:
			level = "INFO"
		case st.Level == levelLog:
			level = "LOG"
		case st.Level < levelLog:
			level = "DEBUG"
		}
		f.host.Notice(level, code, message, detail, hint)
		return nil
	}
	if code == "" {
		code = "P0001"
	}
	return &pgerror.Error{Severity: "ERROR", Code: code, Message: message, Detail: detail, Hint: hint,
		Column: column, Constraint: constraint, DataType: datatype, Table: table, Schema: schema}
}

var raiseOptionNames = []string{"ERRCODE", "MESSAGE", "DETAIL", "HINT", "COLUMN", "CONSTRAINT", "DATATYPE", "TABLE", "SCHEMA"}
