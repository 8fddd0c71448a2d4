package pgwire

import (
	"bytes"
	"context"
	"encoding/hex"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestVectorWire reads pgvector values in text and binary (pgvector's
// send formats: int16 dimensions, int16 unused, float4s; halfvec with
// binary16 elements; sparsevec int32 dimensions, count, unused, 0-based
// indexes, float4 values) and sends a binary vector parameter.
func TestVectorWire(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "create extension vector with schema extensions"); err != nil {
		t.Fatal(err)
	}
	var vecOID uint32
	if err := conn.QueryRow(ctx, "select oid from pg_type where typname = 'vector'").Scan(&vecOID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sql, text, binary string }{
		{"select '[1,2,3]'::vector", "[1,2,3]", "00030000" + "3f800000" + "40000000" + "40400000"},
		{"select '[1,-2]'::halfvec", "[1,-2]", "00020000" + "3c00" + "c000"},
		{"select '{2:1.5}/3'::sparsevec", "{2:1.5}/3", "00000003" + "00000001" + "00000000" + "00000001" + "3fc00000"},
	} {
		pc := conn.PgConn()
		res := pc.ExecParams(ctx, c.sql, nil, nil, nil, []int16{0}).Read()
		if res.Err != nil || len(res.Rows) != 1 || string(res.Rows[0][0]) != c.text {
			t.Errorf("%s text: %v %q", c.sql, res.Err, res.Rows)
		}
		if c.sql == "select '[1,2,3]'::vector" && (len(res.FieldDescriptions) != 1 || res.FieldDescriptions[0].DataTypeOID != vecOID) {
			t.Errorf("%s: column type OID %v, want %d", c.sql, res.FieldDescriptions, vecOID)
		}
		res = pc.ExecParams(ctx, c.sql, nil, nil, nil, []int16{1}).Read()
		want, _ := hex.DecodeString(c.binary)
		if res.Err != nil || len(res.Rows) != 1 || !bytes.Equal(res.Rows[0][0], want) {
			t.Errorf("%s binary: %v %x, want %x", c.sql, res.Err, res.Rows, want)
		}
	}
	// a binary parameter of type vector
	param, _ := hex.DecodeString("00020000" + "40400000" + "40800000") // [3,4]
	res := conn.PgConn().ExecParams(ctx, "select $1::vector <-> '[0,0]'", [][]byte{param}, []uint32{vecOID}, []int16{1}, []int16{0}).Read()
	if res.Err != nil || len(res.Rows) != 1 || string(res.Rows[0][0]) != "5" {
		t.Errorf("binary vector parameter: %v %q", res.Err, res.Rows)
	}
	// a malformed binary parameter is an error, not a panic
	res = conn.PgConn().ExecParams(ctx, "select $1::vector", [][]byte{{0, 9, 0, 0, 1}}, []uint32{vecOID}, []int16{1}, []int16{0}).Read()
	if res.Err == nil {
		t.Error("a truncated binary vector was accepted")
	}
}
