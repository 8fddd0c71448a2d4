package gmsadapter

import "sync/atomic"

// DeferredError holds the first error raised where go-mysql-server offers
// no error result (a window function's Compute), so that reading the
// statement's next row fails with it instead of the error being lost. A
// session holds one and implements expr.ErrorSink with Defer; the zero
// value is ready.
type DeferredError struct {
	p atomic.Pointer[error]
}

// Defer keeps err unless an error is held already.
func (d *DeferredError) Defer(err error) {
	d.p.CompareAndSwap(nil, &err)
}

// Take returns and clears the held error.
func (d *DeferredError) Take() error {
	if p := d.p.Swap(nil); p != nil {
		return *p
	}
	return nil
}
