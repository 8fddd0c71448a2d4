// Package netguard is tinybase's policy for HTTP requests made on behalf
// of SQL (pg_net's worker, the http extension): unless external requests
// are allowed, only loopback hosts are reached. A host that is neither
// "localhost" nor a loopback IP literal is refused before any DNS lookup,
// and the dialer refuses every non-loopback address it is handed, so a
// name that resolves elsewhere or a redirect off the machine fails too.
package netguard
