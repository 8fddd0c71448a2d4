package conformance

import (
	"fmt"
	"strings"
)

// RecordsNoticeCodes reports whether the expectations were recorded with
// the notices' SQLSTATEs: goldens recorded before notice_codes existed
// hold notices for readers only, and their files compare no notices.
func RecordsNoticeCodes(want []*Result) bool {
	for _, w := range want {
		if len(w.NoticeCodes) > 0 {
			return true
		}
	}
	return false
}

// CompareNotices checks the NOTICE / WARNING / INFO messages a successful
// statement sent (severity, message and SQLSTATE, in order) and returns ""
// when they match. Notices before an error are not compared.
func CompareNotices(got, want *Result) string {
	if want.Error != nil || got.Error != nil {
		return ""
	}
	g, w := noticeList(got), noticeList(want)
	if g != w {
		return fmt.Sprintf("notices differ: got %s want %s", clip(g), clip(w))
	}
	return ""
}

func noticeList(r *Result) string {
	parts := make([]string, len(r.Notices))
	for i, n := range r.Notices {
		code := ""
		if i < len(r.NoticeCodes) {
			code = r.NoticeCodes[i]
		}
		parts[i] = fmt.Sprintf("%s (%s)", n, code)
	}
	return "[" + strings.Join(parts, "; ") + "]"
}
