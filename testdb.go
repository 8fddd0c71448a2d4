package tinybase

import (
	"context"
	"path/filepath"

	"github.com/tinybase/tinybase/testdb"
)

// TestsDir is where a project keeps its pgTAP tests: <dir>/supabase/tests.
func TestsDir(dir string) string { return filepath.Join(dir, "supabase", "tests") }

// TestDB runs pgTAP test files as `supabase test db` does, each on its own
// snapshot of the project's database (migrations and seed, pgTAP created
// in the extensions schema): nothing a file does, commits included,
// reaches the project or the other files. No files means every
// supabase/tests/**/*.sql and .pg file. File names in the result are
// relative to the project directory.
func (p *Project) TestDB(ctx context.Context, files []string, opts testdb.Options) (*testdb.Result, error) {
	if len(files) == 0 {
		found, err := testdb.Discover(TestsDir(p.Config.Dir))
		if err != nil {
			return nil, err
		}
		files = found
	}
	if opts.Dir == "" {
		opts.Dir = p.Config.Dir
	}
	base, err := testdb.Prepare(ctx, p.Engine)
	if err != nil {
		return nil, err
	}
	return testdb.Run(ctx, base, files, opts)
}
