package catalog

import "github.com/tinybase/tinybase/engine/internal/types"

// KindAggregate is prokind 'a': a CREATE AGGREGATE aggregate.
const KindAggregate RoutineKind = 'a'

// Aggregate is an aggregate's pg_aggregate row (docs: CREATE AGGREGATE,
// pg_aggregate). Support functions are pg_proc OIDs, 0 for none: a user
// routine's, or a built-in's as PostgreSQL numbers it.
type Aggregate struct {
	TransFn, FinalFn, CombineFn, SerialFn, DeserialFn uint32
	MTransFn, MInvTransFn, MFinalFn                   uint32
	TransType, MTransType                             *types.Type
	// InitCond is agginitval, nil when there is none (the state starts
	// NULL).
	InitCond, MInitCond     *string
	FinalExtra, MFinalExtra bool
	// FinalModify is aggfinalmodify: 'r' read-only, 's' shareable, 'w'
	// read-write.
	FinalModify, MFinalModify byte
	SortOp                    uint32
	TransSpace, MTransSpace   int32
	// TransName and FinalName name a built-in transition or final
	// function (pg_catalog), "" for a user routine, which is found by
	// OID; TransStrict and FinalStrict are a built-in's strictness.
	TransName, FinalName     string
	TransStrict, FinalStrict bool
}

// ImageAggregate is an Aggregate with its types written out.
type ImageAggregate struct {
	TransFn, FinalFn, CombineFn, SerialFn, DeserialFn uint32
	MTransFn, MInvTransFn, MFinalFn                   uint32
	TransType, MTransType                             TypeRef
	InitCond, MInitCond                               *string
	FinalExtra, MFinalExtra                           bool
	FinalModify, MFinalModify                         byte
	SortOp                                            uint32
	TransSpace, MTransSpace                           int32
	TransName, FinalName                              string
	TransStrict, FinalStrict                          bool
}

// UsesFunction reports whether the aggregate calls the routine oid, which
// then cannot be dropped without it.
func (a *Aggregate) UsesFunction(oid uint32) bool {
	for _, f := range []uint32{a.TransFn, a.FinalFn, a.CombineFn, a.SerialFn, a.DeserialFn, a.MTransFn, a.MInvTransFn, a.MFinalFn} {
		if f != 0 && f == oid {
			return true
		}
	}
	return false
}

func imageAggregate(a *Aggregate, ref func(*types.Type) (TypeRef, error)) (*ImageAggregate, error) {
	if a == nil {
		return nil, nil
	}
	ia := &ImageAggregate{TransFn: a.TransFn, FinalFn: a.FinalFn, CombineFn: a.CombineFn, SerialFn: a.SerialFn, DeserialFn: a.DeserialFn,
		MTransFn: a.MTransFn, MInvTransFn: a.MInvTransFn, MFinalFn: a.MFinalFn, InitCond: a.InitCond, MInitCond: a.MInitCond,
		FinalExtra: a.FinalExtra, MFinalExtra: a.MFinalExtra, FinalModify: a.FinalModify, MFinalModify: a.MFinalModify,
		SortOp: a.SortOp, TransSpace: a.TransSpace, MTransSpace: a.MTransSpace,
		TransName: a.TransName, FinalName: a.FinalName, TransStrict: a.TransStrict, FinalStrict: a.FinalStrict}
	var err error
	if ia.TransType, err = ref(a.TransType); err != nil {
		return nil, err
	}
	if ia.MTransType, err = ref(a.MTransType); err != nil {
		return nil, err
	}
	return ia, nil
}

func fromImageAggregate(ia *ImageAggregate, resolve func(TypeRef) (*types.Type, error)) (*Aggregate, error) {
	if ia == nil {
		return nil, nil
	}
	a := &Aggregate{TransFn: ia.TransFn, FinalFn: ia.FinalFn, CombineFn: ia.CombineFn, SerialFn: ia.SerialFn, DeserialFn: ia.DeserialFn,
		MTransFn: ia.MTransFn, MInvTransFn: ia.MInvTransFn, MFinalFn: ia.MFinalFn, InitCond: ia.InitCond, MInitCond: ia.MInitCond,
		FinalExtra: ia.FinalExtra, MFinalExtra: ia.MFinalExtra, FinalModify: ia.FinalModify, MFinalModify: ia.MFinalModify,
		SortOp: ia.SortOp, TransSpace: ia.TransSpace, MTransSpace: ia.MTransSpace,
		TransName: ia.TransName, FinalName: ia.FinalName, TransStrict: ia.TransStrict, FinalStrict: ia.FinalStrict}
	var err error
	if a.TransType, err = resolve(ia.TransType); err != nil {
		return nil, err
	}
	if a.MTransType, err = resolve(ia.MTransType); err != nil {
		return nil, err
	}
	return a, nil
}
