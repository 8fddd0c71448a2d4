package catalog

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Cast is a pg_cast row CREATE CAST made (docs: SQL Commands, CREATE
// CAST). Source and Target are type OIDs; Func is the function of a
// method 'f' cast ('i' converts through the types' text forms, 'b'
// reinterprets the value); Context is castcontext: 'e' explicit only,
// 'a' also in assignment, 'i' also implicitly. The built-in casts are
// pgcatalog's and the extensions' are their Extension.Casts.
type Cast struct {
	OID, Source, Target, Func uint32
	Context, Method           byte
}

// CommentKey is the key of the cast's COMMENT ON CAST.
func (c Cast) CommentKey() ObjectKey {
	return ObjectKey{Kind: ObjCast, Name: strconv.FormatUint(uint64(c.OID), 10)}
}

// Casts returns the user casts by OID.
func (c *Catalog) Casts() []Cast {
	if c == nil {
		return nil
	}
	return c.casts
}

// Cast finds the user cast from source to target.
func (c *Catalog) Cast(source, target uint32) (Cast, bool) {
	for _, k := range c.Casts() {
		if k.Source == source && k.Target == target {
			return k, true
		}
	}
	return Cast{}, false
}

// PutCast returns a catalog with k added under a new OID.
func (c *Catalog) PutCast(k Cast) *Catalog {
	n := c.clone()
	k.OID = n.allocOID()
	out := append(append([]Cast(nil), c.casts...), k)
	sort.Slice(out, func(i, j int) bool { return out[i].OID < out[j].OID })
	n.casts = out
	return n
}

// DropCast returns a catalog without the cast of OID oid and its comment.
func (c *Catalog) DropCast(oid uint32) *Catalog {
	var out []Cast
	var gone *Cast
	for i, k := range c.Casts() {
		if k.OID == oid {
			gone = &c.casts[i]
			continue
		}
		out = append(out, k)
	}
	if gone == nil {
		return c
	}
	n := c.clone()
	n.casts = out
	return n.SetComment(gone.CommentKey(), nil)
}

// CastDescription is a cast as getObjectDescription names it in DROP's
// messages: "cast from integer to pair".
func (c *Catalog) CastDescription(k Cast) string {
	name := func(oid uint32) string {
		if t, ok := c.TypeByOID(oid); ok {
			return t.FormatType()
		}
		if t, ok := types.ByOID(oid); ok {
			return t.FormatType()
		}
		return fmt.Sprint(oid)
	}
	return "cast from " + name(k.Source) + " to " + name(k.Target)
}
