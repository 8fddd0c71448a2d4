package session

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Large objects (PostgreSQL docs: 35. Large Objects; be-fsstubs.c,
// inv_api.c). An object lives in the catalog (catalog.LargeObject), so
// it is written in the session's transaction, undone by its rollback and
// kept in the data directory as the catalog is; its pages are what
// pg_largeobject lists. Descriptors belong to the transaction that opened
// them: its end closes them all.

// The lo_open modes (libpq-fs.h).
const (
	invWrite = 0x20000
	invRead  = 0x40000
)

// maxLargeObjectSize is MAX_LARGE_OBJECT_SIZE: INT_MAX pages.
const maxLargeObjectSize = int64(math.MaxInt32) * catalog.LargeObjectPage

// loDesc is an open large object descriptor.
type loDesc struct {
	oid    uint32
	mode   int32
	offset int64
}

// loState is the session's open descriptors, indexed by descriptor.
type loState struct{ fds []*loDesc }

// loTxnEnd closes every descriptor at the end of a transaction.
func (s *Session) loTxnEnd() { s.lo.fds = nil }

func errNoLargeObject(oid uint32) error {
	return pgerror.New(pgerror.UndefinedObject, "large object %d does not exist", oid)
}

func errBadDescriptor(fd int32) error {
	return pgerror.New(pgerror.UndefinedObject, "invalid large-object descriptor: %d", fd)
}

// loSuper reports whether the current role is a superuser.
func (s *Session) loSuper() bool {
	r, ok := s.catalog().Role(s.CurrentUser())
	return ok && r.Super
}

// loCheck checks the current role's privileges on a large object
// (lo_compat_privileges is off): its ACL, the owner's by default.
func (s *Session) loCheck(lo *catalog.LargeObject, privs catalog.Priv) error {
	if s.catalog().HasPrivilege(s.CurrentUser(), catalog.LargeObjectKey(lo.OID), catalog.ClassLargeObject, privs) {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for large object %d", lo.OID)
}

// loGet finds a large object the current role holds privs on.
func (s *Session) loGet(oid uint32, privs catalog.Priv) (*catalog.LargeObject, error) {
	lo, ok := s.catalog().LargeObject(oid)
	if !ok {
		return nil, errNoLargeObject(oid)
	}
	return lo, s.loCheck(lo, privs)
}

// loCreate makes an empty large object; oid 0 takes a new OID.
func (s *Session) loCreate(oid uint32) (uint32, error) {
	cat := s.catalog()
	if oid == 0 {
		cat, oid = cat.NewLargeObjectOID()
	} else if _, ok := cat.LargeObject(oid); ok {
		return 0, pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint \"pg_largeobject_metadata_oid_index\"").
			WithDetail("%s", fmt.Sprintf("Key (oid)=(%d) already exists.", oid))
	}
	s.setCatalog(cat.PutLargeObject(&catalog.LargeObject{OID: oid, Owner: s.CurrentUser()}))
	return oid, nil
}

// loPut installs a changed object.
func (s *Session) loPut(lo *catalog.LargeObject) { s.setCatalog(s.catalog().PutLargeObject(lo)) }

func (s *Session) loOpen(oid uint32, mode int32) (int32, error) {
	if mode&(invRead|invWrite) == 0 {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid flags for opening a large object: %d", mode)
	}
	// reading needs SELECT, writing UPDATE too (be_lo_open)
	privs := catalog.PrivSelect
	if mode&invWrite != 0 {
		privs |= catalog.PrivUpdate
	}
	if _, err := s.loGet(oid, privs); err != nil {
		return 0, err
	}
	d := &loDesc{oid: oid, mode: mode}
	for i, f := range s.lo.fds {
		if f == nil {
			s.lo.fds[i] = d
			return int32(i), nil
		}
	}
	s.lo.fds = append(s.lo.fds, d)
	return int32(len(s.lo.fds) - 1), nil
}

// loDescriptor returns an open descriptor and its object.
func (s *Session) loDescriptor(fd int32) (*loDesc, *catalog.LargeObject, error) {
	if fd < 0 || int(fd) >= len(s.lo.fds) || s.lo.fds[fd] == nil {
		return nil, nil, errBadDescriptor(fd)
	}
	d := s.lo.fds[fd]
	lo, ok := s.catalog().LargeObject(d.oid)
	if !ok {
		return nil, nil, errNoLargeObject(d.oid)
	}
	return d, lo, nil
}

func (s *Session) loWritable(fd int32) (*loDesc, *catalog.LargeObject, error) {
	d, lo, err := s.loDescriptor(fd)
	if err != nil {
		return nil, nil, err
	}
	if d.mode&invWrite == 0 {
		return nil, nil, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "large object descriptor %d was not opened for writing", fd)
	}
	return d, lo, nil
}

func (s *Session) loRead(fd, n int32) ([]byte, error) {
	// a descriptor opened for writing reads too (inv_open)
	d, lo, err := s.loDescriptor(fd)
	if err != nil {
		return nil, err
	}
	b := lo.Read(d.offset, int(max(n, 0)))
	d.offset += int64(len(b))
	return b, nil
}

func (s *Session) loWrite(fd int32, data []byte) (int32, error) {
	d, lo, err := s.loWritable(fd)
	if err != nil {
		return 0, err
	}
	if d.offset+int64(len(data)) > maxLargeObjectSize {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid large object write request size: %d", len(data))
	}
	s.loPut(lo.Write(d.offset, data))
	d.offset += int64(len(data))
	return int32(len(data)), nil
}

func (s *Session) loSeek(fd int32, off int64, whence int32) (int64, error) {
	d, lo, err := s.loDescriptor(fd)
	if err != nil {
		return 0, err
	}
	var pos int64
	switch whence {
	case 0:
		pos = off
	case 1:
		pos = d.offset + off
	case 2:
		pos = lo.Size + off
	default:
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid whence setting: %d", whence)
	}
	if pos < 0 || pos > maxLargeObjectSize {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid seek offset: %d", pos)
	}
	d.offset = pos
	return pos, nil
}

func (s *Session) loTell(fd int32) (int64, error) {
	d, _, err := s.loDescriptor(fd)
	if err != nil {
		return 0, err
	}
	return d.offset, nil
}

func (s *Session) loTruncate(fd int32, size int64) error {
	_, lo, err := s.loWritable(fd)
	if err != nil {
		return err
	}
	if size < 0 || size > maxLargeObjectSize {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid large object truncation target: %d", size)
	}
	s.loPut(lo.Truncate(size))
	return nil
}

func (s *Session) loClose(fd int32) error {
	if _, _, err := s.loDescriptor(fd); err != nil {
		return err
	}
	s.lo.fds[fd] = nil
	return nil
}

func (s *Session) loUnlink(oid uint32) error {
	lo, ok := s.catalog().LargeObject(oid)
	if !ok {
		return errNoLargeObject(oid)
	}
	if !s.loSuper() && !s.catalog().HasPrivsOf(s.CurrentUser(), lo.Owner) {
		return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of large object %d", oid)
	}
	for i, d := range s.lo.fds {
		if d != nil && d.oid == oid {
			s.lo.fds[i] = nil
		}
	}
	s.setCatalog(s.catalog().DropLargeObject(oid).DropObject(catalog.LargeObjectKey(oid)))
	return nil
}

func (s *Session) loGetBytes(oid uint32, off int64, n int64, whole bool) ([]byte, error) {
	lo, err := s.loGet(oid, catalog.PrivSelect)
	if err != nil {
		return nil, err
	}
	if whole {
		n = lo.Size - off
	}
	if n < 0 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "requested length cannot be negative")
	}
	if off < 0 {
		off = 0
	}
	if n > math.MaxInt32 {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "large object read request is too large")
	}
	return lo.Read(off, int(n)), nil
}

func (s *Session) loPutBytes(oid uint32, off int64, data []byte) error {
	lo, err := s.loGet(oid, catalog.PrivUpdate)
	if err != nil {
		return err
	}
	if off < 0 || off+int64(len(data)) > maxLargeObjectSize {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid large object write request size: %d", len(data))
	}
	s.loPut(lo.Write(off, data))
	return nil
}

// loServerFile checks lo_import / lo_export: server files are a
// superuser's (PostgreSQL revokes EXECUTE on them from PUBLIC), and
// tinybase, which has no data directory to resolve a relative path
// against in every mode, takes absolute paths only.
func (s *Session) loServerFile(fn, path string) error {
	if !s.loSuper() {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for function %s", fn)
	}
	if !filepath.IsAbs(path) {
		return pgerror.New(pgerror.FeatureNotSupported, "%s takes an absolute path in tinybase", fn)
	}
	return nil
}

// fileError is PostgreSQL's errcode_for_file_access for a server file.
func fileError(verb, path string, err error) error {
	code := pgerror.IOError
	switch {
	case os.IsNotExist(err):
		code = pgerror.UndefinedFile
	case os.IsPermission(err):
		code = pgerror.InsufficientPrivilege
	}
	msg := err.Error()
	if pe, ok := err.(*os.PathError); ok {
		msg = pe.Err.Error()
		if os.IsNotExist(err) {
			msg = "No such file or directory"
		} else if os.IsPermission(err) {
			msg = "Permission denied"
		}
	}
	return pgerror.New(code, "could not %s server file \"%s\": %s", verb, path, msg)
}

func (s *Session) loImport(path string, oid uint32) (uint32, error) {
	if err := s.loServerFile("lo_import", path); err != nil {
		return 0, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, fileError("open", path, err)
	}
	oid, err = s.loCreate(oid)
	if err != nil {
		return 0, err
	}
	lo, _ := s.catalog().LargeObject(oid)
	s.loPut(lo.Write(0, data))
	return oid, nil
}

func (s *Session) loExport(oid uint32, path string) error {
	lo, ok := s.catalog().LargeObject(oid)
	if !ok {
		return errNoLargeObject(oid)
	}
	if err := s.loServerFile("lo_export", path); err != nil {
		return err
	}
	if err := os.WriteFile(path, lo.Read(0, int(lo.Size)), 0o644); err != nil {
		return fileError("create", path, err)
	}
	return nil
}

// addLargeObjectFuncs registers the server-side large object functions
// (docs: 35.4 Server-Side Functions).
func addLargeObjectFuncs(r *expr.Registry) {
	fn := func(f func(s *Session, a []any) (any, error)) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "large objects need a session")
			}
			return f(s, a)
		}
	}
	add := func(name string, args []*types.Type, res *types.Type, f func(s *Session, a []any) (any, error)) {
		r.Add(name, expr.FuncImpl{Args: args, Result: expr.Fixed(res), Volatile: true, Fn: fn(f)})
	}
	i4, i8, oid, ba, txt := types.Int4, types.Int8, types.Oid, types.Bytea, types.Text
	add("lo_creat", []*types.Type{i4}, oid, func(s *Session, _ []any) (any, error) { return s.loCreate(0) })
	add("lo_create", []*types.Type{oid}, oid, func(s *Session, a []any) (any, error) { return s.loCreate(a[0].(uint32)) })
	add("lo_open", []*types.Type{oid, i4}, i4, func(s *Session, a []any) (any, error) { return s.loOpen(a[0].(uint32), a[1].(int32)) })
	add("lo_close", []*types.Type{i4}, i4, func(s *Session, a []any) (any, error) { return int32(0), s.loClose(a[0].(int32)) })
	add("loread", []*types.Type{i4, i4}, ba, func(s *Session, a []any) (any, error) { return s.loRead(a[0].(int32), a[1].(int32)) })
	add("lowrite", []*types.Type{i4, ba}, i4, func(s *Session, a []any) (any, error) { return s.loWrite(a[0].(int32), a[1].([]byte)) })
	add("lo_lseek", []*types.Type{i4, i4, i4}, i4, func(s *Session, a []any) (any, error) {
		pos, err := s.loSeek(a[0].(int32), int64(a[1].(int32)), a[2].(int32))
		if err == nil && pos > math.MaxInt32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "lo_lseek result out of range for large-object descriptor %d", a[0].(int32))
		}
		return int32(pos), err
	})
	add("lo_lseek64", []*types.Type{i4, i8, i4}, i8, func(s *Session, a []any) (any, error) {
		return s.loSeek(a[0].(int32), a[1].(int64), a[2].(int32))
	})
	add("lo_tell", []*types.Type{i4}, i4, func(s *Session, a []any) (any, error) {
		pos, err := s.loTell(a[0].(int32))
		if err == nil && pos > math.MaxInt32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "lo_tell result out of range for large-object descriptor %d", a[0].(int32))
		}
		return int32(pos), err
	})
	add("lo_tell64", []*types.Type{i4}, i8, func(s *Session, a []any) (any, error) { return s.loTell(a[0].(int32)) })
	add("lo_truncate", []*types.Type{i4, i4}, i4, func(s *Session, a []any) (any, error) {
		return int32(0), s.loTruncate(a[0].(int32), int64(a[1].(int32)))
	})
	add("lo_truncate64", []*types.Type{i4, i8}, i4, func(s *Session, a []any) (any, error) {
		return int32(0), s.loTruncate(a[0].(int32), a[1].(int64))
	})
	add("lo_unlink", []*types.Type{oid}, i4, func(s *Session, a []any) (any, error) { return int32(1), s.loUnlink(a[0].(uint32)) })
	add("lo_get", []*types.Type{oid}, ba, func(s *Session, a []any) (any, error) { return s.loGetBytes(a[0].(uint32), 0, 0, true) })
	add("lo_get", []*types.Type{oid, i8, i4}, ba, func(s *Session, a []any) (any, error) {
		return s.loGetBytes(a[0].(uint32), a[1].(int64), int64(a[2].(int32)), false)
	})
	add("lo_put", []*types.Type{oid, i8, ba}, types.Void, func(s *Session, a []any) (any, error) {
		return "", s.loPutBytes(a[0].(uint32), a[1].(int64), a[2].([]byte))
	})
	add("lo_from_bytea", []*types.Type{oid, ba}, oid, func(s *Session, a []any) (any, error) {
		oid, err := s.loCreate(a[0].(uint32))
		if err != nil {
			return nil, err
		}
		return oid, s.loPutBytes(oid, 0, a[1].([]byte))
	})
	add("lo_import", []*types.Type{txt}, oid, func(s *Session, a []any) (any, error) { return s.loImport(a[0].(string), 0) })
	add("lo_import", []*types.Type{txt, oid}, oid, func(s *Session, a []any) (any, error) {
		return s.loImport(a[0].(string), a[1].(uint32))
	})
	add("lo_export", []*types.Type{oid, txt}, i4, func(s *Session, a []any) (any, error) {
		return int32(1), s.loExport(a[0].(uint32), a[1].(string))
	})
}
