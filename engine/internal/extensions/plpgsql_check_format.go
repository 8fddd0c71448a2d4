package extensions

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// plCheckStatement is the statement a finding belongs to, for the json
// and xml formats: those name only findings raised inside a statement,
// not the DECLARE-level ones (unused variables), which the text format
// still labels DECLARE.
func plCheckStatement(f routine.PLFinding) bool {
	return f.Statement != "" && f.Statement != "DECLARE"
}

// plCheckJSON renders findings as plpgsql_check_function's 'json' format:
// one document, {"function": "<oid>", "issues": [...]}, laid out line by
// line as the extension prints it.
func plCheckJSON(oid uint32, fs []routine.PLFinding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{ \"function\":\"%d\",\n\"issues\":[\n", oid)
	for i, f := range fs {
		b.WriteString("  {\n")
		fmt.Fprintf(&b, "    \"level\":\"%s\",\n", f.Level)
		fmt.Fprintf(&b, "    \"message\":%s,\n", jsonString(f.Message))
		if plCheckStatement(f) {
			fmt.Fprintf(&b, "    \"statement\":{\n\"lineNumber\":\"%d\",\n\"text\":\"%s\"\n},\n", f.Line, f.Statement)
		}
		if f.Hint != "" {
			fmt.Fprintf(&b, "    \"hint\":%s,\n", jsonString(f.Hint))
		}
		if f.Detail != "" {
			fmt.Fprintf(&b, "    \"detail\":%s,\n", jsonString(f.Detail))
		}
		if f.Query != "" {
			fmt.Fprintf(&b, "    \"query\":{\n\"position\":\"%d\",\n\"text\":%s\n},\n", f.Position, jsonString(f.Query))
		}
		if f.Context != "" {
			fmt.Fprintf(&b, "    \"context\":%s,\n", jsonString(f.Context))
		}
		fmt.Fprintf(&b, "    \"sqlState\":\"%s\"\n", f.SQLState)
		b.WriteString("  }")
		if i < len(fs)-1 {
			b.WriteByte(',')
		} else {
			b.WriteByte('\n')
		}
	}
	b.WriteString("\n]\n}")
	return b.String()
}

// plCheckXML renders findings as plpgsql_check_function's 'xml' format.
func plCheckXML(oid uint32, fs []routine.PLFinding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<Function oid=\"%d\">\n", oid)
	for _, f := range fs {
		b.WriteString("  <Issue>\n")
		fmt.Fprintf(&b, "    <Level>%s</Level>\n", f.Level)
		fmt.Fprintf(&b, "    <Sqlstate>%s</Sqlstate>\n", f.SQLState)
		fmt.Fprintf(&b, "    <Message>%s</Message>\n", xmlEscape(f.Message))
		if plCheckStatement(f) {
			fmt.Fprintf(&b, "    <Stmt lineno=\"%d\">%s</Stmt>\n", f.Line, f.Statement)
		}
		if f.Hint != "" {
			fmt.Fprintf(&b, "    <Hint>%s</Hint>\n", xmlEscape(f.Hint))
		}
		if f.Detail != "" {
			fmt.Fprintf(&b, "    <Detail>%s</Detail>\n", xmlEscape(f.Detail))
		}
		if f.Query != "" {
			fmt.Fprintf(&b, "    <Query position=\"%d\">%s</Query>\n", f.Position, xmlEscape(f.Query))
		}
		if f.Context != "" {
			fmt.Fprintf(&b, "    <Context>%s</Context>\n", xmlEscape(f.Context))
		}
		b.WriteString("  </Issue>\n")
	}
	b.WriteString("</Function>")
	return b.String()
}

// jsonString quotes s as PostgreSQL's escape_json does.
func jsonString(s string) string {
	var b bytes.Buffer
	types.WriteJSONString(&b, s)
	return b.String()
}

// xmlEscape escapes s as PostgreSQL's escape_xml does.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#x0d;").Replace(s)
}
