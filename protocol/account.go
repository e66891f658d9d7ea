package protocol

// Hello must be the first request of a connection. Reply: Welcome, or an
// error with CodeUnsupportedVersion.
type Hello struct {
	Version int    `json:"version"`
	Client  string `json:"client"` // free text, e.g. "gomoku-tui/1.0"
}

// Welcome is the reply to Hello.
type Welcome struct {
	Version int    `json:"version"`
	Server  string `json:"server"`
}

// Register creates an account and logs in. The client asks for the
// password twice; the server sees it once. Reply: Session.
type Register struct {
	Username string `json:"username"` // 3-24 letters, digits, '_', '-'; unique ignoring case
	Password string `json:"password"` // 8-128 characters
}

// Login logs in with a password. Reply: Session (with a new token).
type Login struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Guest enters as a guest (casual games only). Reply: Session; the token
// resumes the guest while the server runs.
type Guest struct {
	Name string `json:"name,omitempty"` // wished name; the server prefixes GuestPrefix and may change it
}

// Resume logs in with a session token, e.g. after a dropped connection.
// Reply: Session; then resync each of Session.Games.
type Resume struct {
	Token string `json:"token"`
}

// Logout ends the session and invalidates its token. Reply: OK.
type Logout struct{}

// Session is the reply to Register, Login, Guest and Resume.
type Session struct {
	Token  string  `json:"token"`  // secret; keep it to Resume
	Player Player  `json:"player"` // who you are
	Games  []int64 `json:"games"`  // your running games: resync each
}

// OK is the reply to a request that returns nothing else.
type OK struct{}

// Ping asks for a Pong (a round-trip probe; websocket pings keep the
// connection alive on their own).
type Ping struct{}

// Pong is the reply to Ping.
type Pong struct{}

// Shutdown is pushed when the server is about to stop; running games are
// kept and resume when it is back.
type Shutdown struct {
	Message string `json:"message"`
}

// Type implementations.
func (Hello) Type() string    { return "hello" }
func (Welcome) Type() string  { return "welcome" }
func (Register) Type() string { return "register" }
func (Login) Type() string    { return "login" }
func (Guest) Type() string    { return "guest" }
func (Resume) Type() string   { return "resume" }
func (Logout) Type() string   { return "logout" }
func (Session) Type() string  { return "session" }
func (OK) Type() string       { return "ok" }
func (Ping) Type() string     { return "ping" }
func (Pong) Type() string     { return "pong" }
func (Shutdown) Type() string { return "shutdown" }

func init() {
	register(Hello{}, Welcome{}, Register{}, Login{}, Guest{}, Resume{}, Logout{}, Session{},
		OK{}, Error{}, Ping{}, Pong{}, Shutdown{})
}
