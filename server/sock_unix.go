//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package server

import "syscall"

// tryWrite writes what the socket takes of b now, without waiting: n is
// what was written (0 when the socket is full). err is a failure of the
// socket, not "would block". s.mu must be held: the write's arguments and
// results pass through s (a closure capturing them would be allocated on
// every write).
func (s *sock) tryWrite(b []byte) (n int, err error) {
	if s.writeFn == nil {
		s.writeFn = s.writeFd
	}
	s.wb = b
	rerr := s.raw.Write(s.writeFn)
	n, err = max(s.wn, 0), s.werr
	s.wb, s.werr = nil, nil
	if err == syscall.EAGAIN {
		err = nil
	}
	if rerr != nil {
		err = rerr
	}
	return n, err
}

// writeFd is tryWrite's system call, on the socket's descriptor.
func (s *sock) writeFd(fd uintptr) bool {
	for {
		s.wn, s.werr = syscall.Write(int(fd), s.wb)
		if s.werr != syscall.EINTR {
			return true // never wait here: the writer goroutine does
		}
	}
}
