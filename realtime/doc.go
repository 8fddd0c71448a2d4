// Package realtime is Supabase Realtime at /realtime/v1: the Phoenix
// channel protocol realtime-js speaks over a websocket, and on it
// postgres_changes, broadcast and presence.
//
// # Boundary
//
// It depends only on the engine's façade: committed row changes come
// from Engine.SubscribeChanges (subscribed only while some channel is
// joined), the supabase_realtime publication, replica
// identity and row level security are read and applied with SQL on an
// engine session, exactly as Supabase Realtime's realtime.apply_rls does
// on PostgreSQL: per subscriber, in its JWT role with request.jwt.claims
// set, a change is delivered only if that role can SELECT the row.
//
// # Upstream behaviour
//
//   - Sockets (socket.go): /websocket?apikey=…&vsn=1.0.0|2.0.0; an
//     invalid apikey fails the upgrade with 401 and {"error": …} as
//     Realtime's UserSocket does. vsn 1.0.0 frames are JSON objects,
//     2.0.0 frames JSON arrays [join_ref, ref, topic, event, payload]
//     plus the binary user-broadcast frames (kinds 3 and 4) of
//     Realtime's V2Serializer. Heartbeats on topic "phoenix".
//   - Channels (channel.go): phx_join on "realtime:<name>" with
//     config.broadcast/presence/postgres_changes/private and
//     access_token; join errors as Realtime's RealtimeChannel replies
//     them ("Code: message"); access_token refresh; phx_leave, phx_close;
//     "system" messages. A join without config is the old API
//     (realtime:schema[:table[:filter]], realtime:*).
//   - Private channels (private.go): authorized by the RLS policies on
//     realtime.messages as Realtime's Authorization module checks them,
//     in rolled-back transactions with realtime.topic set; public and
//     private channels of a topic are apart (roomOf).
//   - postgres_changes (changes.go, dispatch.go, visibility.go,
//     payload.go, filter.go): tables in the
//     supabase_realtime publication; event, schema, table and filter
//     (eq, neq, lt, lte, gt, gte, in) matching; the payload of
//     Realtime's replication poller; old_record per REPLICA IDENTITY;
//     deletes of RLS tables carry only the primary key; tables without
//     a primary key get apply_rls's error payload; TRUNCATE is not sent.
//     A publication's row filter and column list do not narrow what is
//     sent: Supabase Realtime reads changes through wal2json, which asks
//     only which tables the publication has (publish_test.go).
//   - Broadcast and presence (broadcast.go, presence.go), the REST
//     endpoint POST /api/broadcast, and broadcast from the database
//     (dbbroadcast.go): rows inserted into realtime.messages (by
//     realtime.send, realtime.broadcast_changes) are sent at commit.
//
// # Resources
//
// Every connection has one reader and one writer goroutine and a
// bounded queue of outgoing frames; a client that does not read is
// disconnected (close code 1008) instead of growing memory. Changes
// wait in a bounded queue for the one dispatcher goroutine. A janitor
// goroutine deletes realtime.messages rows past their retention
// (janitor.go).
//
// # Cost per change
//
// The dispatcher takes the commits queued in rounds (dispatch.go). A
// change costs it its matching and rendering once per group of like
// subscribers (subGroup), then one queued frame per subscriber. Row
// level security is checked once per change and (role, claims), all
// checks of a round in one read-only transaction on the dispatcher's
// session (visibility.go): each identity is taken on once per round and
// runs the table's prepared primary key lookup for each of its rows, so
// that 100 users cost 100 executions of one cached plan, not 100
// parsed, planned and committed statements. Committing sessions only
// queue their commit for the dispatcher (changeFeed.enqueue never
// blocks; the engine's capture converts the row images and hands them
// over after the commit, no committer waiting on another's hand-over). Queued frames leave a connection in one
// write, framed here rather than by the websocket library
// (batchconn.go); the dispatcher makes that write itself when the
// socket takes it at once, so the writer goroutines wake only for slow
// sockets and for replies, broadcasts and presence. Under a steady
// stream of changes the writes happen at most every Config.Coalesce
// (20ms; longer, up to 100ms, when writing takes long), each carrying
// every change since: fewer socket writes per change the more changes
// come.
package realtime
