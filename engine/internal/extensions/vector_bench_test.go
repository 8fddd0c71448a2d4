package extensions_test

import (
	"context"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/engine/internal/extensions"
)

// BenchmarkVectorKNN measures the k-NN shape of match_documents —
// ORDER BY embedding <=> q LIMIT 10 over a table with an hnsw index —
// and reports recall against a brute-force search in Go (the engine's
// search is exact, so recall is 1.0). Rows and dimensions default to
// 10000×1536; TINYBASE_VECTOR_ROWS=100000 gives the 100k×1536.
//
//	go test ./engine/internal/extensions/ -run '^$' -bench VectorKNN -benchtime 20x
func BenchmarkVectorKNN(b *testing.B) {
	rows, dims, k := 10000, 1536, 10
	if n, err := strconv.Atoi(os.Getenv("TINYBASE_VECTOR_ROWS")); err == nil && n > 0 {
		rows = n
	}
	ctx := context.Background()
	e := enginetest.Migrated(b, "create extension vector with schema extensions")
	s := enginetest.Session(b, e)
	enginetest.Exec(b, s, "create table documents (id int primary key, embedding vector("+strconv.Itoa(dims)+"))")
	rng := rand.New(rand.NewSource(1))
	data := make([][]float32, rows)
	cp, err := s.Copy(ctx, "copy documents (id, embedding) from stdin")
	if err != nil {
		b.Fatal(err)
	}
	var line []byte
	for i := range data {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		data[i] = v
		line = strconv.AppendInt(line[:0], int64(i), 10)
		line = append(line, '\t', '[')
		for j, f := range v {
			if j > 0 {
				line = append(line, ',')
			}
			line = strconv.AppendFloat(line, float64(f), 'g', -1, 32)
		}
		line = append(line, ']', '\n')
		if err := cp.Write(line); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := cp.Done(); err != nil {
		b.Fatal(err)
	}
	enginetest.Exec(b, s, "create index on documents using hnsw (embedding vector_cosine_ops)")
	queries := make([][]float32, 20)
	for i := range queries {
		queries[i] = data[rng.Intn(rows)]
		q := make([]float32, dims)
		for j := range q {
			q[j] = queries[i][j] + float32(rng.NormFloat64()*0.5)
		}
		queries[i] = q
	}
	text := func(v []float32) string {
		var sb strings.Builder
		sb.WriteByte('[')
		for j, f := range v {
			if j > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.FormatFloat(float64(f), 'g', -1, 32))
		}
		sb.WriteByte(']')
		return sb.String()
	}
	var hits, total int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		r, err := s.Query(ctx, "select id from documents order by embedding <=> $1 limit "+strconv.Itoa(k), text(q))
		if err != nil {
			b.Fatal(err)
		}
		var got []int
		for r.Next() {
			n, _ := strconv.Atoi(*r.Text()[0])
			got = append(got, n)
		}
		if err := r.Err(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		want := bruteForce(data, q, k)
		for _, g := range got {
			for _, w := range want {
				if g == w {
					hits++
					break
				}
			}
		}
		total += k
		b.StartTimer()
	}
	b.ReportMetric(float64(hits)/float64(total), "recall")
}

func bruteForce(data [][]float32, q []float32, k int) []int {
	idx := make([]int, len(data))
	dist := make([]float64, len(data))
	for i, v := range data {
		idx[i], dist[i] = i, extensions.CosineDistance(v, q)
	}
	sort.SliceStable(idx, func(a, b int) bool { return dist[idx[a]] < dist[idx[b]] })
	return idx[:k]
}
