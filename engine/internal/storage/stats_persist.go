package storage

import (
	"context"
	"fmt"
)

// Statistics and durability: ANALYZE and VACUUM change no row, so a
// commit that only computed statistics logs nothing as row changes;
// StatsChanged tells the CommitLog to write a checkpoint instead (which
// carries every table's statistics through TableImage.Stats), and
// recovery puts them back with Txn.SetStats. PostgreSQL keeps
// pg_statistic and pg_class.reltuples in its catalog, so they survive a
// restart and a crash as any catalog row does.

// StatsChanged reports whether the commit changed a table's statistics.
func (c *Committed) StatsChanged() bool {
	if c.base == nil {
		return false
	}
	for id, td := range c.root.tables.changedFrom(&c.base.tables) {
		if bt, ok := c.base.tables.get(id); ok && bt != td && bt.stats != td.stats {
			return true
		}
	}
	return false
}

// SetStats installs st as the statistics of table schema.name in t
// (recovery: the statistics a checkpoint recorded).
func (t *Txn) SetStats(schema, name string, st *TableStats) (err error) {
	defer guard(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.lockWriter(context.Background()); err != nil {
		return err
	}
	cur, ok := t.root.table(schema, name)
	if !ok {
		return fmt.Errorf("storage: restoring statistics: table %s.%s does not exist", schema, name)
	}
	if err := cur.readyFor(t); err != nil {
		return err
	}
	td, _ := t.writable(cur.id)
	td.stats = st
	return nil
}
