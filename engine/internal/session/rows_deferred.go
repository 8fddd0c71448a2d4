package session

import "github.com/tinybase/tinybase/engine/internal/expr"

var _ expr.ErrorSink = (*Session)(nil)

// DeferError implements expr.ErrorSink: it keeps the first error raised
// where go-mysql-server offers no error result (a window function's
// Compute), so that reading the statement's next row fails with it
// (Rows.next) instead of the error being lost.
func (s *Session) DeferError(err error) {
	s.deferred.CompareAndSwap(nil, &err)
}

// takeDeferredError returns and clears the deferred error.
func (s *Session) takeDeferredError() error {
	if p := s.deferred.Swap(nil); p != nil {
		return *p
	}
	return nil
}
