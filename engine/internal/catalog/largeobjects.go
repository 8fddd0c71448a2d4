package catalog

import (
	"sort"
	"strconv"
)

// LargeObjectPage is the size of a large object's pages, as
// pg_largeobject rows hold them (LOBLKSIZE, BLCKSZ / 4).
const LargeObjectPage = 2048

// LargeObject is a large object (docs: 35. Large Objects): its OID, its
// owner and its bytes, in pages of LargeObjectPage bytes keyed by page
// number; a page absent inside the object reads as zeros, as a hole in
// PostgreSQL's pg_largeobject does. Pages are never changed in place:
// a write makes new ones, so catalogs sharing an object stay immutable.
type LargeObject struct {
	OID   uint32
	Owner string
	Size  int64
	Pages map[int32][]byte
}

// ImageLargeObject is a large object written down for an image.
type ImageLargeObject struct {
	OID   uint32
	Owner string
	Size  int64
	Pages []ImagePage
}

// ImagePage is one page of a large object.
type ImagePage struct {
	No   int32
	Data []byte
}

// LargeObject returns the large object with that OID.
func (c *Catalog) LargeObject(oid uint32) (*LargeObject, bool) {
	if c == nil {
		return nil, false
	}
	lo, ok := c.largeObjects[oid]
	return lo, ok
}

// LargeObjects returns the large objects in OID order.
func (c *Catalog) LargeObjects() []*LargeObject {
	if c == nil {
		return nil
	}
	out := make([]*LargeObject, 0, len(c.largeObjects))
	for _, lo := range c.largeObjects {
		out = append(out, lo)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].OID < out[j].OID })
	return out
}

// NewLargeObjectOID returns an OID no large object has, from the
// catalog's OID counter, and the catalog that used it.
func (c *Catalog) NewLargeObjectOID() (*Catalog, uint32) {
	n := c.loClone()
	for {
		o := n.allocOID()
		if _, taken := n.largeObjects[o]; !taken {
			return n, o
		}
	}
}

// PutLargeObject returns a catalog with lo added or replacing the object
// of its OID. Large objects do not change the catalog's shape: no
// translation or plan depends on them.
func (c *Catalog) PutLargeObject(lo *LargeObject) *Catalog {
	n := c.loClone()
	n.largeObjects = copyMap(c.largeObjectsMap())
	n.largeObjects[lo.OID] = lo
	return n
}

// DropLargeObject returns a catalog without the large object of oid.
func (c *Catalog) DropLargeObject(oid uint32) *Catalog {
	n := c.loClone()
	n.largeObjects = copyMap(c.largeObjectsMap())
	delete(n.largeObjects, oid)
	// its comment goes with it, as PostgreSQL's lo_unlink deletes it
	if kept, changed := n.comments.without(func(k ObjectKey) bool { return k == LargeObjectKey(oid) }); changed {
		n.comments = kept
	}
	return n
}

func (c *Catalog) largeObjectsMap() map[uint32]*LargeObject {
	if c == nil {
		return nil
	}
	return c.largeObjects
}

// loClone copies the catalog keeping its shape (see SameShape).
func (c *Catalog) loClone() *Catalog {
	if c == nil {
		return (&Catalog{}).clone()
	}
	n := *c
	return &n
}

// Read returns up to n bytes of the object from offset off.
func (lo *LargeObject) Read(off int64, n int) []byte {
	if off >= lo.Size || n <= 0 {
		return []byte{}
	}
	if end := lo.Size - off; int64(n) > end {
		n = int(end)
	}
	out := make([]byte, n)
	for done := 0; done < n; {
		pos := off + int64(done)
		pno, in := int32(pos/LargeObjectPage), int(pos%LargeObjectPage)
		k := min(LargeObjectPage-in, n-done)
		if p, ok := lo.Pages[pno]; ok && in < len(p) {
			copy(out[done:done+k], p[in:])
		}
		done += k
	}
	return out
}

// Write returns the object with data written at offset off.
func (lo *LargeObject) Write(off int64, data []byte) *LargeObject {
	n := &LargeObject{OID: lo.OID, Owner: lo.Owner, Size: max(lo.Size, off+int64(len(data))), Pages: copyMap(lo.Pages)}
	for done := 0; done < len(data); {
		pos := off + int64(done)
		pno, in := int32(pos/LargeObjectPage), int(pos%LargeObjectPage)
		k := min(LargeObjectPage-in, len(data)-done)
		old := n.Pages[pno]
		page := make([]byte, max(len(old), in+k))
		copy(page, old)
		copy(page[in:], data[done:done+k])
		n.Pages[pno] = page
		done += k
	}
	return n
}

// Truncate returns the object cut or extended (with zeros) to size.
func (lo *LargeObject) Truncate(size int64) *LargeObject {
	n := &LargeObject{OID: lo.OID, Owner: lo.Owner, Size: size, Pages: map[int32][]byte{}}
	last := int32(size / LargeObjectPage)
	for no, p := range lo.Pages {
		switch {
		case no < last:
			n.Pages[no] = p
		case no == last && size%LargeObjectPage > 0:
			n.Pages[no] = p[:min(len(p), int(size%LargeObjectPage))]
		}
	}
	if tail := int(size % LargeObjectPage); size > lo.Size && tail > 0 {
		// extending writes the page holding the new end, zeros up to it;
		// the pages between stay holes (inv_truncate)
		page := make([]byte, tail)
		copy(page, n.Pages[last])
		n.Pages[last] = page
	}
	return n
}

// PageRows returns the object's pages as pg_largeobject lists them: each
// page in page-number order, a hole left out.
func (lo *LargeObject) PageRows() []ImagePage {
	out := make([]ImagePage, 0, len(lo.Pages))
	for no, p := range lo.Pages {
		out = append(out, ImagePage{No: no, Data: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].No < out[j].No })
	return out
}

func (c *Catalog) largeObjectImage() []ImageLargeObject {
	var out []ImageLargeObject
	for _, lo := range c.LargeObjects() {
		out = append(out, ImageLargeObject{OID: lo.OID, Owner: lo.Owner, Size: lo.Size, Pages: lo.PageRows()})
	}
	return out
}

func largeObjectsFromImage(img []ImageLargeObject) map[uint32]*LargeObject {
	if img == nil {
		return nil
	}
	out := make(map[uint32]*LargeObject, len(img))
	for _, l := range img {
		lo := &LargeObject{OID: l.OID, Owner: l.Owner, Size: l.Size, Pages: make(map[int32][]byte, len(l.Pages))}
		for _, p := range l.Pages {
			lo.Pages[p.No] = p.Data
		}
		out[l.OID] = lo
	}
	return out
}

// LargeObjectKey is the key of a large object's ACL.
func LargeObjectKey(oid uint32) ObjectKey {
	return ObjectKey{Kind: ObjLargeObject, Name: strconv.FormatUint(uint64(oid), 10)}
}

// LargeObjectKeyOID is the OID a large object's key names.
func LargeObjectKeyOID(k ObjectKey) uint32 {
	n, _ := strconv.ParseUint(k.Name, 10, 32)
	return uint32(n)
}
