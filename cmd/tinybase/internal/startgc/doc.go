// Package startgc turns Go's garbage collector off while the tinybase
// command starts, from package initialization on: imported by main only,
// it has no dependencies but runtime/debug, so Go initializes it before
// the heavy packages (go-mysql-server's system variables and
// information_schema, the JSON-schema library), whose initialization
// allocates ~10 MB of mostly live objects and ran the collector three
// times over a 4 MB starting goal before main. Restore (called once the
// command's start-up work is done) puts the collector back.
package startgc
