package session

import (
	"fmt"
	"slices"
	"strings"
)

// maxReportedDeps is how many cascaded objects PostgreSQL lists in the
// notice's DETAIL before summing up the rest (dependency.c's
// MAX_REPORTED_DEPS).
const maxReportedDeps = 100

// DropCascades records an object a DROP ... CASCADE removes besides the
// ones it names, described as PostgreSQL's getObjectDescription does
// ("view v", "constraint c on table t"). The statement reports them all
// in one NOTICE when it ends, as reportDependentObjects does: one
// dependent is named in the message, several are counted there and
// listed in the DETAIL.
func (s *Session) DropCascades(desc string) {
	if !slices.Contains(s.cascaded, desc) { // reached twice: a schema's view that reads its table
		s.cascaded = append(s.cascaded, desc)
	}
}

// cascadeNotice queues the NOTICE of the objects the statement's drops
// cascaded to.
func (s *Session) cascadeNotice() {
	deps := s.cascaded
	s.cascaded = nil
	if len(deps) == 0 || !s.clientWants("NOTICE") {
		return
	}
	if len(deps) == 1 {
		s.notices = append(s.notices, Notice{Severity: "NOTICE", Code: "00000", Message: "drop cascades to " + deps[0]})
		return
	}
	var lines []string
	for i, d := range deps {
		if i == maxReportedDeps {
			lines = append(lines, fmt.Sprintf("and %d other objects (see server log for list)", len(deps)-maxReportedDeps))
			break
		}
		lines = append(lines, "drop cascades to "+d)
	}
	s.notices = append(s.notices, Notice{Severity: "NOTICE", Code: "00000",
		Message: fmt.Sprintf("drop cascades to %d other objects", len(deps)), Detail: strings.Join(lines, "\n")})
}
