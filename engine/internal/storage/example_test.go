package storage_test

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// exampleSession is the smallest storage.Session: the engine's real session
// also carries roles, settings and GMS state.
type exampleSession struct {
	*sql.BaseSession
	txn *storage.Txn
}

func (s *exampleSession) StorageTxn() *storage.Txn { return s.txn }
func (s *exampleSession) SearchPath() []string     { return []string{"public"} }

// Example creates a table through the GMS interfaces, writes in one
// transaction, takes a snapshot, and shows the two stores diverge.
func Example() {
	store := storage.NewStore()
	db := storage.NewProvider("postgres").DB()
	sess := &exampleSession{BaseSession: sql.NewBaseSession()}
	ctx := sql.NewContext(context.Background(), sql.WithSession(sess))

	sess.txn = store.Begin()
	_ = sess.txn.CreateSchema("public")
	sch := sql.NewPrimaryKeySchema(sql.Schema{
		{Name: "id", Type: types.Int64, PrimaryKey: true},
		{Name: "title", Type: types.Text, Nullable: true},
	}, 0)
	if err := db.CreateTable(ctx, "notes", sch, sql.Collation_Default, ""); err != nil {
		fmt.Println(err)
		return
	}
	notes, _, _ := db.Table(ctx, "public", "notes")
	_ = notes.Inserter(ctx).Insert(ctx, sql.Row{int64(1), "first"})
	_ = sess.txn.Commit()

	snap := store.Snapshot()

	sess.txn = store.Begin()
	_ = notes.Inserter(ctx).Insert(ctx, sql.Row{int64(2), "only in store"})
	_ = sess.txn.Commit()

	for _, s := range []*storage.Store{store, snap} {
		sess.txn = s.Begin()
		rows, _ := sql.RowIterToRows(ctx, must(notes.Rows(ctx)))
		fmt.Println(rows)
		sess.txn.Rollback()
	}
	// Output:
	// [[1 first] [2 only in store]]
	// [[1 first]]
}
