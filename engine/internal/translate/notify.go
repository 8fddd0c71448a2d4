package translate

import pg "github.com/pganalyze/pg_query_go/v5"

// Notify is NOTIFY channel [, 'payload'] (PostgreSQL docs: NOTIFY): the
// engine queues it and delivers it when the transaction commits.
type Notify struct {
	Channel, Payload string
}

// Listen is LISTEN channel, UNLISTEN channel and UNLISTEN * (All).
type Listen struct {
	Channel  string
	Unlisten bool
	All      bool
}

func (*Notify) command() {}
func (*Listen) command() {}

// notifyStatement translates the asynchronous notification statements.
func notifyStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_NotifyStmt:
		return Result{Cmd: &Notify{Channel: s.NotifyStmt.Conditionname, Payload: s.NotifyStmt.Payload}, Tag: "NOTIFY"}, true
	case *pg.Node_ListenStmt:
		return Result{Cmd: &Listen{Channel: s.ListenStmt.Conditionname}, Tag: "LISTEN"}, true
	case *pg.Node_UnlistenStmt:
		c := s.UnlistenStmt.Conditionname
		return Result{Cmd: &Listen{Channel: c, Unlisten: true, All: c == ""}, Tag: "UNLISTEN"}, true
	}
	return Result{}, false
}
