package logs

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// StatementFunc receives the statements a service runs on the database
// itself (PostgREST's request transactions, Auth's, Storage's), so they
// show in the postgres ring beside those of wire clients, as they do in a
// Supabase project's Postgres logs.
type StatementFunc func(Entry)

// Statement is the postgres entry for one statement that client (rest,
// auth, storage) ran as role: started at start, answered with the command
// tag, or failed with err.
func Statement(client, role, sql string, start time.Time, tag string, err error) Entry {
	e := Entry{
		Time: start, Service: Postgres, Client: client, Role: role,
		Duration: time.Since(start), SQL: sql, Rows: TagRows(tag),
	}
	if err != nil {
		e.Rows = -1
		e.Error = err.Error()
		var pe *pgerror.Error
		var st interface{ SQLState() string }
		switch {
		case errors.As(err, &pe):
			e.SQLState, e.Error = pe.Code, pe.Message
		case errors.As(err, &st):
			e.SQLState = st.SQLState()
		}
	}
	return e
}

// TagRows is the row count a command tag reports ("INSERT 0 3" is 3,
// "SELECT 2" is 2), -1 when the tag has none ("BEGIN").
func TagRows(tag string) int64 {
	i := strings.LastIndexByte(tag, ' ')
	if i < 0 {
		return -1
	}
	n, err := strconv.ParseInt(tag[i+1:], 10, 64)
	if err != nil {
		return -1
	}
	return n
}
