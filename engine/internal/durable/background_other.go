//go:build !linux

package durable

// Background does nothing where a thread's priority cannot be set apart
// from its process's (see background_linux.go).
func Background() {}
