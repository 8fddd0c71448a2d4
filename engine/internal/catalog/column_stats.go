package catalog

import (
	"sort"
	"strconv"
	"strings"
)

// Column statistics settings (PostgreSQL docs: ALTER TABLE ... ALTER
// COLUMN ... SET STATISTICS, SET ( attribute_option = value )): a
// column's statistics target (pg_attribute.attstattarget, -1 the
// default) and attribute options (attoptions: n_distinct,
// n_distinct_inherited). A table column is keyed by ColumnKey, an index
// expression column by IndexColumnKey, so both go with their table when
// it is renamed or dropped.

// ColumnSetting is one column's statistics target and options.
type ColumnSetting struct {
	Key    ObjectKey
	Target int32    // -1: the default
	Opts   []string // "name=value", in the order set
}

// ColumnKey is the key of column col of table.
func ColumnKey(table QName, col string) ObjectKey {
	return ObjectKey{Kind: ObjColumn, Schema: table.Schema, Name: table.Name, Column: col}
}

// IndexColumnKey is the key of column number num of index of table.
func IndexColumnKey(table QName, index string, num int) ObjectKey {
	return ColumnKey(table, indexColumnPrefix(index)+strconv.Itoa(num))
}

func indexColumnPrefix(index string) string { return "\x00index:" + index + ":" }

// ColumnStats is column k's statistics target and options (-1 and nil
// when none is set).
func (c *Catalog) ColumnStats(k ObjectKey) (int32, []string) {
	if c == nil {
		return -1, nil
	}
	s, ok := c.colSettings[k]
	if !ok {
		return -1, nil
	}
	return s.Target, s.Opts
}

// SetColumnStats returns a catalog where column k's statistics target
// is target and its options opts.
func (c *Catalog) SetColumnStats(k ObjectKey, target int32, opts []string) *Catalog {
	n := c.clone()
	n.colSettings = copyMap(c.colSettings)
	if target == -1 && len(opts) == 0 {
		delete(n.colSettings, k)
	} else {
		n.colSettings[k] = ColumnSetting{Target: target, Opts: opts}
	}
	return n
}

// ColumnSettings lists every column setting, sorted by key.
func (c *Catalog) ColumnSettings() []ColumnSetting {
	if c == nil || len(c.colSettings) == 0 {
		return nil
	}
	out := make([]ColumnSetting, 0, len(c.colSettings))
	for k, v := range c.colSettings {
		v.Key = k
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return lessObjectKey(out[i].Key, out[j].Key) })
	return out
}

// rekeyColumnSettings renames keys with f (table and column renames).
func (n *Catalog) rekeyColumnSettings(f func(ObjectKey) ObjectKey) {
	if len(n.colSettings) == 0 {
		return
	}
	out := make(map[ObjectKey]ColumnSetting, len(n.colSettings))
	for k, v := range n.colSettings {
		out[f(k)] = v
	}
	n.colSettings = out
}

// renameIndexColumnSettings follows index old of table to new.
func (n *Catalog) renameIndexColumnSettings(table QName, old, new string) {
	po, pn := indexColumnPrefix(old), indexColumnPrefix(new)
	n.rekeyColumnSettings(func(k ObjectKey) ObjectKey {
		if k.Schema == table.Schema && k.Name == table.Name && strings.HasPrefix(k.Column, po) {
			k.Column = pn + strings.TrimPrefix(k.Column, po)
		}
		return k
	})
}

// DropIndexColumnSettings returns a catalog without the settings of
// index's columns (the index was dropped).
func (c *Catalog) DropIndexColumnSettings(table QName, index string) *Catalog {
	p := indexColumnPrefix(index)
	return c.withoutColumnSettings(func(k ObjectKey) bool {
		return k.Schema == table.Schema && k.Name == table.Name && strings.HasPrefix(k.Column, p)
	})
}

// DropColumnSettings returns a catalog without column col of table's
// settings (the column was dropped).
func (c *Catalog) DropColumnSettings(table QName, col string) *Catalog {
	k := ColumnKey(table, col)
	return c.withoutColumnSettings(func(o ObjectKey) bool { return o == k })
}

func (c *Catalog) withoutColumnSettings(drop func(ObjectKey) bool) *Catalog {
	kept, changed := withoutKeys(c.colSettings, drop)
	if !changed {
		return c
	}
	n := c.clone()
	n.colSettings = kept
	return n
}
