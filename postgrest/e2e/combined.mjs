// The combined Supabase scenario with the real supabase-js against one
// server mounting /auth/v1 and /rest/v1 (combined_test.go): two users sign
// up (profiles made by the handle_new_user trigger), sign in, insert todos
// through REST and see only their own rows; anon sees none; service_role
// sees all. Env: URL, ANON_KEY, SERVICE_KEY. Prints one JSON object for
// the Go side; exits non-zero on the first failed check.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import assert from 'node:assert/strict'

const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }
const client = () => createClient(process.env.URL, process.env.ANON_KEY, opts)
const ok = ({ data, error }, what) => {
  if (error) throw new Error(`${what}: ${JSON.stringify(error)}`)
  return data
}

const users = [
  { email: 'ada@example.com', password: 'correct-horse-1', name: 'Ada Lovelace', tasks: ['engine notes', 'bernoulli numbers'] },
  { email: 'grace@example.com', password: 'correct-horse-2', name: 'Grace Hopper', tasks: ['compiler'] },
]
const out = { users: [] }

for (const u of users) {
  const c = client()
  const d = ok(await c.auth.signUp({ email: u.email, password: u.password, options: { data: { full_name: u.name } } }), 'signUp ' + u.email)
  assert.ok(d.user && d.user.id, 'signUp returns the user')
  await c.auth.signOut()
  u.id = d.user.id
}

for (const u of users) {
  // a fresh client signs in with the password: its session's access
  // token is what supabase-js sends to /rest/v1 from now on
  const c = client()
  const s = ok(await c.auth.signInWithPassword({ email: u.email, password: u.password }), 'signIn ' + u.email)
  assert.equal(s.user.id, u.id)
  u.client = c

  const profile = ok(await c.from('profiles').select('id, full_name').single(), 'own profile')
  assert.deepEqual(profile, { id: u.id, full_name: u.name })

  const inserted = ok(await c.from('todos').insert(u.tasks.map((task) => ({ task }))).select('task, user_id'), 'insert todos')
  assert.deepEqual(inserted.map((t) => t.task), u.tasks)
  for (const t of inserted) assert.equal(t.user_id, u.id, 'user_id defaults to auth.uid()')
}

for (const [i, u] of users.entries()) {
  const other = users[1 - i]
  const mine = ok(await u.client.from('todos').select('task, user_id').order('id'), 'read own todos')
  assert.deepEqual(mine.map((t) => t.task), u.tasks, `${u.email} sees exactly their todos`)
  assert.ok(mine.every((t) => t.user_id === u.id))

  // the other user's rows are invisible: filters on them match nothing,
  // updates and deletes touch nothing
  const theirs = ok(await u.client.from('todos').select('id').eq('user_id', other.id), 'filter on the other user')
  assert.deepEqual(theirs, [])
  const upd = ok(await u.client.from('todos').update({ done: true }).eq('user_id', other.id).select(), 'update the other user')
  assert.deepEqual(upd, [])
  const del = ok(await u.client.from('todos').delete().eq('user_id', other.id).select(), 'delete the other user')
  assert.deepEqual(del, [])

  // writing a row owned by someone else fails the policy's check
  const forged = await u.client.from('todos').insert({ task: 'forged', user_id: other.id })
  assert.equal(forged.error && forged.error.code, '42501', 'forged insert: ' + JSON.stringify(forged.error))

  // profiles: only one's own
  const profiles = ok(await u.client.from('profiles').select('full_name'), 'profiles')
  assert.deepEqual(profiles, [{ full_name: u.name }])

  // own update works
  const done = ok(await u.client.from('todos').update({ done: true }).eq('task', u.tasks[0]).select('task, done'), 'update own')
  assert.deepEqual(done, [{ task: u.tasks[0], done: true }])
}

// anon: no rows (todos has no policy for anon, RLS filters everything)
const anon = client()
const anonRows = ok(await anon.from('todos').select('*'), 'anon todos')
assert.deepEqual(anonRows, [])
const anonProfiles = ok(await anon.from('profiles').select('*'), 'anon profiles')
assert.deepEqual(anonProfiles, [])

// service_role bypasses RLS: every todo and every profile
const service = createClient(process.env.URL, process.env.SERVICE_KEY, opts)
const all = ok(await service.from('todos').select('task, user_id, done').order('id'), 'service todos')
assert.deepEqual(all.map((t) => t.task), users.flatMap((u) => u.tasks))
const { count } = await service.from('profiles').select('*', { count: 'exact', head: true })
assert.equal(count, users.length)

// signing out ends the session: the old client falls back to the anon key
await users[0].client.auth.signOut()
const after = ok(await users[0].client.from('todos').select('*'), 'after sign-out')
assert.deepEqual(after, [])

out.users = users.map((u) => ({ id: u.id, email: u.email }))
out.todos = all
console.log(JSON.stringify(out))
