// Package gomocup speaks the Gomocup ("piskvork") brain protocol on a pair of
// streams: the manager's commands come in one per line, the brain's answers
// go out one per line. See https://plastovicka.github.io/protocl2en.htm.
//
// Supported: START, RECTSTART (square boards only), RESTART, BEGIN, TURN,
// BOARD ... DONE, TAKEBACK, INFO (timeout_turn, timeout_match, time_left,
// max_memory, rule, thread_num; game_type and the rest ignored), SWAP2BOARD ... DONE,
// ABOUT and END. Unknown commands are answered with UNKNOWN, bad input with
// ERROR; the brain never answers an occupied or (black under renju)
// forbidden point.
package gomocup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
)

// About is the ABOUT answer.
const About = `name="gomokud", version="1.0", author="gomokud contributors", country="", www="https://github.com/gomokud/gomoku"`

// Time safety: the brain aims to answer this much before a turn's limit.
const (
	minMargin   = 40 * time.Millisecond
	fastMove    = 30 * time.Millisecond // timeout_turn 0: "as fast as possible"
	defaultTurn = 5 * time.Second       // until INFO says otherwise
)

// Brain is one brain session. It is not safe for concurrent use.
type Brain struct {
	Level ai.Level
	// Threads is how many goroutines search each move (ai.Request.Threads);
	// INFO thread_num changes it.
	Threads int
	out     *bufio.Writer

	size   int
	rule   engine.Rule
	stones []stone

	timeoutTurn  time.Duration // 0 = as fast as possible
	timeoutMatch time.Duration // 0 = no limit
	timeLeft     time.Duration
	haveLeft     bool
	maxMemory    int64
	seed         int64
	// session keeps the search's table from move to move.
	session *ai.Session
}

type stone struct {
	p   engine.Point
	own bool
}

// New returns a brain playing at level.
func New(level ai.Level) *Brain {
	return &Brain{Level: level, timeoutTurn: defaultTurn, rule: engine.Freestyle, session: ai.NewSession()}
}

// Run reads commands from in and answers on out until END, the end of in,
// or ctx is done. It returns nil on END or end of input.
func (b *Brain) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	b.out = bufio.NewWriter(out)
	defer b.out.Flush()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		cmd = strings.ToUpper(cmd)
		arg = strings.TrimSpace(arg)
		if cmd == "END" {
			return nil
		}
		b.handle(ctx, cmd, arg, sc)
		if err := b.out.Flush(); err != nil {
			return fmt.Errorf("gomocup: write: %w", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("gomocup: read: %w", err)
	}
	return nil
}

func (b *Brain) say(format string, args ...any) {
	fmt.Fprintf(b.out, format+"\n", args...)
}

func (b *Brain) handle(ctx context.Context, cmd, arg string, sc *bufio.Scanner) {
	switch cmd {
	case "START":
		n, err := strconv.Atoi(arg)
		b.start(n, err)
	case "RECTSTART":
		ws, hs, _ := strings.Cut(arg, ",")
		w, err1 := strconv.Atoi(strings.TrimSpace(ws))
		h, err2 := strconv.Atoi(strings.TrimSpace(hs))
		if err1 != nil || err2 != nil || w != h {
			b.say("ERROR rectangular boards are not supported")
			return
		}
		b.start(w, nil)
	case "RESTART":
		if b.size == 0 {
			b.say("ERROR no START yet")
			return
		}
		b.stones = b.stones[:0]
		b.reserve()
		b.say("OK")
	case "INFO":
		b.info(arg)
	case "ABOUT":
		b.say("%s", About)
	case "BEGIN":
		if b.ready() && b.wantEmpty() {
			b.move(ctx)
		}
	case "TURN":
		if !b.ready() {
			return
		}
		p, err := engine.ParseGomocup(arg, b.size)
		if err != nil || b.occupied(p) {
			b.say("ERROR bad or occupied point %q", arg)
			return
		}
		b.stones = append(b.stones, stone{p: p})
		b.move(ctx)
	case "BOARD":
		if !b.ready() {
			b.skipBlock(sc)
			return
		}
		if b.readBoard(sc) {
			b.move(ctx)
		}
	case "TAKEBACK":
		b.takeback(arg)
	case "SWAP2BOARD":
		if !b.ready() {
			b.skipBlock(sc)
			return
		}
		if b.readBoard(sc) {
			b.swap2(ctx)
		}
	case "PLAY":
		// Some managers use PLAY to make the brain play a given move.
		p, err := engine.ParseGomocup(arg, b.size)
		if err != nil || !b.ready() || b.occupied(p) {
			b.say("ERROR bad or occupied point %q", arg)
			return
		}
		b.stones = append(b.stones, stone{p: p, own: true})
		b.say("%s", p.Gomocup(b.size))
	default:
		b.say("UNKNOWN command %s", cmd)
	}
}

func (b *Brain) start(n int, err error) {
	if err != nil || engine.CheckSize(n) != nil {
		b.say("ERROR unsupported board size %d (want %d to %d)", n, engine.MinSize, engine.MaxSize)
		return
	}
	b.size = n
	b.stones = b.stones[:0]
	ai.Warm()
	b.reserve()
	b.say("OK")
}

func (b *Brain) ready() bool {
	if b.size == 0 {
		b.say("ERROR no START yet")
		return false
	}
	return true
}

func (b *Brain) wantEmpty() bool {
	if len(b.stones) > 0 {
		b.say("ERROR BEGIN on a board that is not empty")
		return false
	}
	return true
}

func (b *Brain) occupied(p engine.Point) bool {
	for _, s := range b.stones {
		if s.p == p {
			return true
		}
	}
	return false
}

// readBoard reads "x,y,who" lines up to DONE into a fresh position.
func (b *Brain) readBoard(sc *bufio.Scanner) bool {
	b.stones = b.stones[:0]
	ok := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.EqualFold(line, "DONE") {
			break
		}
		if line == "" {
			continue
		}
		// "x,y,who" in BOARD; SWAP2BOARD stones may come as plain "x,y".
		parts := strings.Split(line, ",")
		who, err2 := 1, error(nil)
		if len(parts) == 3 {
			who, err2 = strconv.Atoi(strings.TrimSpace(parts[2]))
		}
		p, err := engine.ParseGomocup(strings.Join(parts[:min(2, len(parts))], ","), b.size)
		if err != nil || err2 != nil || len(parts) > 3 || b.occupied(p) || who < 1 || who > 3 {
			ok = false
			continue
		}
		b.stones = append(b.stones, stone{p: p, own: who == 1})
	}
	if !ok {
		b.say("ERROR bad BOARD line")
	}
	return ok
}

func (b *Brain) skipBlock(sc *bufio.Scanner) {
	for sc.Scan() {
		if strings.EqualFold(strings.TrimSpace(sc.Text()), "DONE") {
			return
		}
	}
}

func (b *Brain) takeback(arg string) {
	p, err := engine.ParseGomocup(arg, b.size)
	if err != nil {
		b.say("ERROR bad point %q", arg)
		return
	}
	for i, s := range b.stones {
		if s.p == p {
			b.stones = append(b.stones[:i], b.stones[i+1:]...)
			b.say("OK")
			return
		}
	}
	b.say("ERROR no stone at %q", arg)
}

func (b *Brain) info(arg string) {
	key, val, _ := strings.Cut(arg, " ")
	val = strings.TrimSpace(val)
	n, err := strconv.ParseInt(val, 10, 64)
	if err != nil {
		return // folder, evaluate and other text values are not used
	}
	ms := time.Duration(n) * time.Millisecond
	switch strings.ToLower(key) {
	case "timeout_turn":
		b.timeoutTurn = ms
	case "timeout_match":
		b.timeoutMatch = ms
	case "time_left":
		b.timeLeft, b.haveLeft = ms, true
	case "max_memory":
		b.maxMemory = n
	case "thread_num":
		if n >= 1 { // 0 leaves the choice to the brain
			b.Threads = int(min(n, ai.MaxThreads))
		}
	case "rule":
		b.rule = ruleFromBits(n)
	}
}

// ruleFromBits maps the Gomocup rule bit set: 1 exact five, 2 continuous
// game (ignored), 4 renju, 8 caro (Gomocup's caro league sends 9: exactly
// five, not blocked at both ends).
func ruleFromBits(n int64) engine.Rule {
	switch {
	case n&8 != 0:
		return engine.Caro
	case n&4 != 0:
		return engine.Renju
	case n&1 != 0:
		return engine.Standard
	}
	return engine.Freestyle
}
