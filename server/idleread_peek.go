//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package server

import "syscall"

// waitReadable parks until the socket has a byte to read, at end of file,
// or on an error. It peeks without consuming: gorilla reads the frame.
// Only "would block" waits; anything else returns, so the read that
// follows sees it.
func waitReadable(raw syscall.RawConn) {
	_ = raw.Read(func(fd uintptr) bool {
		var b [1]byte
		_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		return err != syscall.EAGAIN
	})
}
