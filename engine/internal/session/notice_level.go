package session

import "strings"

// clientMessageRank orders message levels as client_min_messages compares
// them (PostgreSQL docs 20.8.1, "When to Log"): for the client, LOG ranks
// between DEBUG1 and NOTICE. RAISE DEBUG is DEBUG1.
var clientMessageRank = map[string]int{
	"debug5": 1, "debug4": 2, "debug3": 3, "debug2": 4, "debug1": 5, "debug": 5,
	"log": 6, "notice": 7, "warning": 8, "error": 9,
}

// clientWants reports whether a message of severity reaches the client
// under the session's client_min_messages; INFO always does.
func (s *Session) clientWants(severity string) bool {
	sev := strings.ToLower(severity)
	if sev == "info" {
		return true
	}
	min, _ := s.Setting("client_min_messages")
	want, ok := clientMessageRank[strings.ToLower(min)]
	if !ok {
		want = clientMessageRank["notice"]
	}
	got, ok := clientMessageRank[sev]
	if !ok {
		return true
	}
	return got >= want
}
