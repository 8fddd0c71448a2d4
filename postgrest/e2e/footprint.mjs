// The footprint workload through supabase-js: N single-row inserts, then
// N filtered list queries. Prints the two phase times.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const supabase = createClient(process.env.URL, process.env.ANON_KEY, { auth: { persistSession: false }, realtime: { transport: ws } })
const n = Number(process.env.N || 1000)

let t0 = performance.now()
for (let i = 0; i < n; i++) {
  const { error } = await supabase.from('items').insert({ name: `item ${i}`, qty: i % 10 })
  if (error) throw new Error(JSON.stringify(error))
}
const insertS = (performance.now() - t0) / 1000

t0 = performance.now()
for (let i = 0; i < n; i++) {
  const { data, error } = await supabase.from('items').select('id,name,qty').eq('qty', i % 10).order('id').limit(20)
  if (error) throw new Error(JSON.stringify(error))
  if (data.length !== 20) throw new Error(`expected 20 rows, got ${data.length}`)
}
const queryS = (performance.now() - t0) / 1000
console.log(`inserts ${n} in ${insertS.toFixed(3)} s, filtered lists ${n} in ${queryS.toFixed(3)} s`)
