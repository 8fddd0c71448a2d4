package extensions

// All lists every extension tinybase stands in for, one per file of this
// package.
func All() []*Extension {
	return []*Extension{
		pgNet,
		pgCron,
		pgmq,
		supabaseVault,
		pgjwt,
		pgsodium,
	}
}
