package server

import (
	"sync"

	"github.com/gomokud/gomoku/protocol"
)

// chatHistory is how many lobby chat lines the server keeps, for the lobby
// snapshot a player gets on entering: a conversation is joined, not
// started blind.
const chatHistory = 50

// chatLog is the lobby chat's recent lines, oldest first. Its own lock:
// a chat line does not wait for the hub.
type chatLog struct {
	mu    sync.Mutex
	lines []protocol.LobbyChat
}

// add keeps a line, dropping the oldest beyond chatHistory.
func (l *chatLog) add(m protocol.LobbyChat) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, m)
	if len(l.lines) > chatHistory {
		l.lines = append(l.lines[:0:0], l.lines[len(l.lines)-chatHistory:]...)
	}
}

// recent returns a copy of the lines kept.
func (l *chatLog) recent() []protocol.LobbyChat {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]protocol.LobbyChat(nil), l.lines...)
}
