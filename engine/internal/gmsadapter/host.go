package gmsadapter

// Host is the session as tinybase's executors see it, through the
// context GMS hands them (sql.Context.Session): the per-session state the
// executors keep between the nodes of one plan. A context whose session
// is not a Host (GMS's own) gets GMS's executors.
type Host interface {
	// SignedOutput is the session's record of the output projections of
	// the plan being built, whose values keep the sign of zero
	// (exec_project.go).
	SignedOutput() *SignedOutput
}
