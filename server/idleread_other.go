//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package server

import "syscall"

// waitReadable does not wait where the socket cannot be peeked: the reader
// then parks in gorilla's read, as before.
func waitReadable(syscall.RawConn) {}
