//go:build !unix

package main

// lockDataDir is a no-op where flock does not exist.
func lockDataDir(string) (func(), error) { return func() {}, nil }
