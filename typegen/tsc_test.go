package typegen

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// usageTS uses the generated types the way a supabase-js app does; tsc
// must accept it, including the @ts-expect-error lines (which fail the
// compile if the generated type does not reject them).
const usageTS = `import { Constants } from "./database.types"
import type { Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from "./database.types"

type Profile = Tables<"profiles">
const username: Profile["username"] = "ada"
const nullableName: Profile["full_name"] = null
const moods: Profile["moods"] = ["happy", "sad"]
const row: Tables<"published_posts"> = { id: null, author_id: null, title: null }
const post: TablesInsert<"posts"> = { author_id: "00000000-0000-0000-0000-000000000000", title: "hello" }
const patch: TablesUpdate<"comments"> = { content: "edited" }
const mood: Enums<"mood"> = "happy"
const allMoods: readonly Enums<"mood">[] = Constants.public.Enums.mood
const data: Json = { nested: [1, "two", null, { ok: true }] }
const rel: Database["public"]["Tables"]["comments"]["Relationships"][0]["referencedRelation"] = "profiles"

// @ts-expect-error identity GENERATED ALWAYS columns cannot be inserted
const badInsert: TablesInsert<"posts"> = { id: 1, author_id: "x", title: "t" }
// @ts-expect-error a NOT NULL column without default is required
const missing: TablesInsert<"profiles"> = {}
// @ts-expect-error not an enum value
const badMood: Enums<"mood"> = "angry"

export { username, nullableName, moods, row, post, patch, mood, allMoods, data, rel, badInsert, missing, badMood }
`

// TestTypeScriptCompiles compiles the types generated for
// testdata/typegen/basic with tsc --noEmit --strict against usageTS.
// TypeScript is installed from npm into a temporary directory, so the test
// runs only when TINYBASE_NPM_TESTS=1 or CI is set (and fails there when
// npm is missing).
func TestTypeScriptCompiles(t *testing.T) {
	if os.Getenv("TINYBASE_NPM_TESTS") == "" && os.Getenv("CI") == "" {
		t.Skip("set TINYBASE_NPM_TESTS=1 to install TypeScript from npm and compile the generated types")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatal("npm is required for this test: ", err)
	}
	schema, schemas, _ := readCase(t, "basic")
	s := newSession(t)
	if _, err := s.Exec(context.Background(), schema); err != nil {
		t.Fatal(err)
	}
	out, err := TypeScript(context.Background(), s, schemas)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{
		"database.types.ts": out,
		"usage.ts":          usageTS,
		"package.json":      `{"private": true}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	install := exec.Command(npm, "install", "--no-audit", "--no-fund", "--silent", "typescript@5")
	install.Dir = dir
	if b, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install typescript: %v\n%s", err, b)
	}
	tsc := exec.Command(filepath.Join(dir, "node_modules", ".bin", "tsc"), "--noEmit", "--strict", "--target", "es2020",
		"--module", "esnext", "--moduleResolution", "bundler", "usage.ts")
	tsc.Dir = dir
	if b, err := tsc.CombinedOutput(); err != nil {
		t.Fatalf("tsc rejected the generated types: %v\n%s", err, b)
	}
}
