// The browser client's entry point: the connection, the session, the lobby
// state kept current by events, the games, and the screens chosen by the
// URL's hash (#lobby, #game/12, #history/alice, #replay/12, #profile/alice,
// #leaders).
//
// The session token lives in localStorage, which only pages of this origin
// can read; the app runs no script from anywhere else (the server's
// Content-Security-Policy allows scripts from this origin only, no inline
// ones) and inserts no user text as HTML, so no other site's script can read
// it. It is never a cookie, so another site cannot make the browser send it.
import { h, fill, $, typing } from './dom.js';
import { Conn } from './conn.js';
import { GameModel, GameView } from './game.js';
import { LobbyView, loadSettings } from './lobby.js';
import { HistoryView, ReplayView, ProfileView, LeadersView } from './pages.js';
import { AccountView, loadBlocks } from './account.js';
import { soundOn, setSound } from './sound.js';

const TOKEN = 'gomoku.token';
const MAX_CHAT = 400;
/** Game events numbered by seq; game_clock and game_watchers are not. */
const NUMBERED = ['game_opening', 'game_move', 'game_takeback', 'offer', 'offer_answer', 'game_over', 'game_chat', 'player_away', 'player_back'];

class App {
  constructor() {
    this.conn = new Conn();
    this.me = null;
    this.settings = loadSettings();
    /** @type {Map<number, GameModel>} */
    this.games = new Map();
    /** @type {Set<string>} the accounts this player blocks */
    this.blocks = new Set();
    this.lobby = { players: new Map(), games: new Map(), challenges: new Map(), chat: [], chatEpoch: 0, playersOnline: 0, gamesRunning: 0 };
    this.view = null;
    this.main = $('#main');
    this.banner = $('#banner');
    this.toast = $('#toast');
    this.nav = $('#nav');
    this.wasConnected = false;
    this.events();
    window.addEventListener('hashchange', () => this.route());
    document.addEventListener('keydown', (e) => this.key(e));
    this.conn.open();
    this.showBanner('Connecting…');
  }

  events() {
    const c = this.conn;
    c.on('open', () => this.connected());
    c.on('close', () => {
      if (this.wasConnected) this.showBanner('Connection lost. Reconnecting…', 'warn');
    });
    c.on('shutdown', (m) => this.showBanner(m.message || 'The server is restarting. Reconnecting…', 'warn'));
    c.on('lobby', (m) => this.lobbySnapshot(m));
    c.on('presence', (m) => {
      for (const p of m.players) {
        if (this.me && p.name === this.me.name && p.rating && p.rating !== this.me.rating) {
          this.me.rating = p.rating;
          this.renderNav();
        }
        if (p.status === 'offline') this.lobby.players.delete(p.name);
        else this.lobby.players.set(p.name, p);
      }
      this.lobby.playersOnline = this.lobby.players.size;
      this.refreshLobby();
    });
    c.on('lobby_games', (m) => {
      for (const g of m.games) {
        if (g.result) this.lobby.games.delete(g.game_id);
        else this.lobby.games.set(g.game_id, g);
      }
      this.lobby.gamesRunning = this.lobby.games.size;
      this.refreshLobby();
    });
    c.on('lobby_chat', (m) => {
      const L = this.lobby;
      L.chat.push(m);
      if (L.chat.length > MAX_CHAT) {
        L.chat.splice(0, L.chat.length - MAX_CHAT / 2);
        L.chatEpoch++;
      }
      this.refreshLobby();
    });
    c.on('challenge', (m) => {
      this.lobbyChallenge(m);
      if (m.to === this.me.name) this.note(`${m.from} challenges you.`);
    });
    const gone = (why) => (m) => {
      const ch = this.lobby.challenges.get(m.challenge_id);
      this.lobby.challenges.delete(m.challenge_id);
      if (ch) this.note(why(m, ch));
      this.refreshLobby();
    };
    c.on('challenge_declined', gone((m) => `${m.by} declined your challenge.`));
    c.on('challenge_cancelled', gone((m) => `Challenge withdrawn${m.reason ? `: ${m.reason}` : ''}.`));
    c.on('challenge_expired', gone(() => 'A challenge expired.'));
    c.on('game_start', (m) => this.gameStart(m));
    for (const t of NUMBERED) c.on(t, (m) => this.gameEvent(m));
    c.on('game_clock', (m) => this.gameEvent(m));
    c.on('game_watchers', (m) => this.gameEvent(m));
    c.on('rematch_started', (m) => this.rematchStarted(m));
  }

  // ---- connection and session

  async connected() {
    const token = localStorage.getItem(TOKEN);
    if (!token) {
      this.hideBanner();
      this.loginScreen();
      return;
    }
    try {
      const s = await this.conn.request('resume', { token });
      await this.session(s, true);
    } catch (e) {
      if (e.code === 'unauthorized') {
        localStorage.removeItem(TOKEN);
        this.hideBanner();
        this.loginScreen('Your session has ended; please log in again.');
      } else {
        this.showBanner(`Could not resume: ${e.message}`, 'warn');
      }
    }
  }

  /** session takes a session reply: keep the token, resync games, show a screen. */
  async session(s, resumed) {
    const again = this.wasConnected && resumed;
    this.me = s.player;
    this.wasConnected = true;
    localStorage.setItem(TOKEN, s.token);
    document.body.classList.add('in');
    this.renderNav();
    loadBlocks(this);
    // Every game we know or the server lists: resync it (this also
    // re-subscribes to watched games).
    const ids = new Set([...(s.games || []), ...this.games.keys()]);
    const current = this.currentGame();
    let resynced = 0;
    await Promise.all([...ids].map(async (id) => {
      const g = this.games.get(id);
      if (g && g.over && id !== current) return;
      await this.resync(id, g ? g.seq : -1);
      resynced++;
    }));
    if (again) this.showBanner(resynced ? 'Reconnected: game resynced.' : 'Reconnected.', 'ok', 3000);
    else this.hideBanner();
    const h0 = location.hash;
    if (!h0 || h0 === '#' || h0 === '#login') {
      const running = (s.games || []).find((id) => this.games.has(id));
      location.hash = running ? `#game/${running}` : '#lobby';
      this.route();
    } else if (!this.view || this.view.isLogin || !again) this.route();
  }

  /** resync asks for a game's events after seq (or its full state for -1). */
  async resync(id, seq) {
    try {
      const r = await this.conn.request('resync', { game_id: id, last_seq: seq });
      this.applyResync(r);
    } catch (e) {
      if (e.code === 'not_found') this.games.delete(id);
      else console.warn('resync', id, e);
    }
  }

  applyResync(r) {
    if (r.type === 'game_state') {
      let g = this.games.get(r.game.game_id);
      if (g) g.load(r);
      else this.games.set(r.game.game_id, g = new GameModel(r));
      this.refreshGame(r.game.game_id);
      this.claimTime(g);
    } else if (r.type === 'game_events') {
      for (const ev of r.events) this.gameEvent(ev);
    }
  }

  async logout() {
    try {
      await this.conn.request('logout');
    } catch {
      // the token is forgotten either way
    }
    this.loggedOut('Logged out.');
  }

  /** accountDeleted: the server deleted the account and logged this connection out. */
  accountDeleted() {
    this.loggedOut('Your account was deleted.');
  }

  /** loggedOut forgets the session and its stored token, and shows the login screen. */
  loggedOut(message) {
    localStorage.removeItem(TOKEN);
    this.me = null;
    this.games.clear();
    this.blocks = new Set();
    document.body.classList.remove('in');
    this.renderNav();
    location.hash = '';
    this.loginScreen(message);
  }

  // ---- lobby state

  lobbySnapshot(m) {
    const L = this.lobby;
    L.players = new Map(m.players.map((p) => [p.name, p]));
    L.games = new Map(m.games.map((g) => [g.game_id, g]));
    L.challenges = new Map((m.challenges || []).map((c) => [c.challenge_id, c]));
    L.playersOnline = m.players_online;
    L.gamesRunning = m.games_running;
    // The recent lines: what was said before this player came in (and, after
    // a reconnect, what was said while away).
    L.chat = (m.chat || []).slice();
    L.chatEpoch++;
    this.refreshLobby();
  }

  lobbyChallenge(c) {
    this.lobby.challenges.set(c.challenge_id, c);
    this.refreshLobby();
  }

  setStatus(status) {
    const p = this.lobby.players.get(this.me.name);
    if (p) p.status = status;
    this.refreshLobby();
  }

  refreshLobby() {
    if (this.view instanceof LobbyView) this.view.update();
  }

  challengeFromProfile(name) {
    setTimeout(() => this.view instanceof LobbyView && this.view.challenge(name), 0);
  }

  // ---- games

  gameStart(m) {
    const g = new GameModel(m);
    this.games.set(g.id, g);
    for (const [id, c] of this.lobby.challenges) {
      if (c.from === this.me.name || c.to === this.me.name) this.lobby.challenges.delete(id);
    }
    const p = this.lobby.players.get(this.me.name);
    if (p) p.status = 'playing';
    location.hash = `#game/${g.id}`;
  }

  gameEvent(ev) {
    const g = this.games.get(ev.game_id);
    if (!g) return;
    if (ev.type !== 'game_clock' && ev.type !== 'game_watchers' && ev.seq <= g.seq) return;
    g.apply(ev);
    if (ev.type === 'offer_answer' && g.you) {
      const what = ev.kind === 'takeback' ? 'takeback' : ev.kind === 'draw' ? 'draw offer' : 'rematch offer';
      if (!ev.by) this.note(`The ${what} lapsed.`);
      else if (ev.by !== g.you) this.note(`${g.info[ev.by].name} ${ev.accepted ? 'accepted' : 'declined'} your ${what}.`);
    }
    if (ev.type === 'player_back' && g.you && ev.color !== g.you) this.note(`${g.info[ev.color].name} is back.`);
    if (ev.type === 'game_over' && g.you) {
      const p = this.lobby.players.get(this.me.name);
      if (p) p.status = 'idle';
    }
    this.refreshGame(g.id, ev);
  }

  /**
   * claimTime finds when the player may claim the win against an opponent
   * that a snapshot shows away: the snapshot does not say, so it asks for
   * the game's recent events and reads the last player_away's
   * claim_after_ms, counted from now (the grace began earlier, so the claim
   * is never offered too early). Without that event (the server keeps the
   * last 512, and none from before a restart) it waits the longest grace
   * the server gives, 3 minutes; the server refuses a claim made too early
   * anyway.
   * @param {GameModel} g
   */
  async claimTime(g) {
    if (!g.you || !g.away || g.away === g.you || g.result || g.claimAt !== Infinity) return;
    const away = g.away, asked = performance.now();
    let after = 3 * 60000;
    try {
      // After a server restart the game's first kept event is recent: a
      // window reaching before it gets a full state; try shorter ones.
      for (const back of [500, 100, 20]) {
        const r = await this.conn.request('resync', { game_id: g.id, last_seq: Math.max(0, g.seq - back) });
        if (r.type !== 'game_events') continue;
        const ev = r.events.filter((e) => e.type === 'player_away' && e.color === away).pop();
        if (ev) after = ev.claim_after_ms || 0;
        break;
      }
    } catch (e) {
      console.warn('claim time', g.id, e);
    }
    if (g.away === away && g.claimAt === Infinity) g.claimAt = asked + after;
    this.refreshGame(g.id);
  }

  /** rematchStarted takes a watcher of the finished game to the rematch. */
  rematchStarted(m) {
    const g = this.games.get(m.game_id);
    if (!g || g.you) return;
    if (this.currentGame() !== m.game_id) return;
    this.note('The players started a rematch: watching it.');
    this.watch(m.new_game_id).then(() => {
      this.conn.request('unwatch', { game_id: m.game_id }).catch(() => {});
      this.games.delete(m.game_id);
    });
  }

  refreshGame(id, ev) {
    if (this.view instanceof GameView && this.view.g.id === id) this.view.update(ev);
    this.title();
  }

  currentGame() {
    const m = /^#game\/(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  }

  async watch(id) {
    const g = this.games.get(id);
    if (g && !g.over && location.hash !== `#game/${id}`) {
      location.hash = `#game/${id}`;
      return;
    }
    try {
      const st = await this.conn.request('watch', { game_id: id });
      if (g) g.load(st);
      else this.games.set(id, new GameModel(st));
      if (location.hash === `#game/${id}`) this.route();
      else location.hash = `#game/${id}`;
    } catch (e) {
      this.error(e.message);
    }
  }

  /** title shows whose turn it is in the page title. */
  title() {
    let t = 'Gomoku';
    const g = this.view instanceof GameView ? this.view.g : null;
    if (g) {
      if (g.result) t = `Game over · ${t}`;
      else if (g.myTurn) t = `● Your move · ${t}`;
      else t = `${g.info[g.turn].name} to move · ${t}`;
    } else {
      const mine = [...this.games.values()].find((x) => x.myTurn);
      if (mine) t = `● Your move (game ${mine.id}) · ${t}`;
    }
    document.title = t;
  }

  // ---- screens

  route() {
    if (!this.me) {
      if (!this.view || !this.view.isLogin) this.loginScreen();
      return;
    }
    const [name, arg = ''] = location.hash.replace(/^#/, '').split('/');
    const a = decodeURIComponent(arg);
    let v;
    switch (name) {
      case 'game': {
        const g = this.games.get(Number(a));
        if (!g) {
          this.watch(Number(a));
          return;
        }
        v = new GameView(this, g);
        break;
      }
      case 'history': v = new HistoryView(this, a); break;
      case 'replay': v = new ReplayView(this, Number(a)); break;
      case 'profile': v = new ProfileView(this, a); break;
      case 'leaders': v = new LeadersView(this, a); break;
      case 'account': v = new AccountView(this); break;
      default: v = new LobbyView(this);
    }
    this.show(v);
    for (const b of this.nav.querySelectorAll('a')) b.classList.toggle('current', b.getAttribute('href') === `#${name || 'lobby'}`);
  }

  show(v) {
    if (this.view && this.view.destroy) this.view.destroy();
    this.view = v;
    fill(this.main, v.el);
    this.title();
    if (v instanceof GameView) v.board.el.focus({ preventScroll: true });
  }

  renderNav() {
    if (!this.me) {
      fill(this.nav);
      return;
    }
    const me = this.me;
    const sound = h('button', { type: 'button', id: 'sound', 'aria-pressed': String(soundOn()), title: 'move sounds (s)', 'aria-label': 'move sounds', text: soundOn() ? '♪ on' : '♪ off' });
    sound.addEventListener('click', () => {
      setSound(!soundOn());
      sound.textContent = soundOn() ? '♪ on' : '♪ off';
      sound.setAttribute('aria-pressed', String(soundOn()));
    });
    fill(this.nav,
      h('a', { href: '#lobby', text: 'Lobby', title: 'alt+l' }),
      h('a', { href: '#history', text: 'Games', title: 'alt+g' }),
      h('a', { href: '#leaders', 'aria-label': 'Leaderboard' }, h('span', { class: 'long', text: 'Leaderboard' }), h('span', { class: 'short', text: 'Ranks' })),
      me.kind === 'guest' ? null : h('a', { href: '#profile', text: 'Profile' }),
      // One group: on a narrow phone it moves, whole, to a second row
      // rather than push "Log out" out of sight.
      h('span', { class: 'acct' },
        h('span', { class: 'me', id: 'me', text: me.name + (me.rating ? ` (${me.rating})` : '') }),
        sound,
        h('button', { type: 'button', id: 'logout', text: me.kind === 'guest' ? 'Leave' : 'Log out', onclick: () => this.logout() })));
  }

  loginScreen(message) {
    if (this.view && this.view.destroy) this.view.destroy();
    const msg = h('p', { class: 'form-msg', role: 'alert', text: message || '' });
    const user = h('input', { id: 'login-name', name: 'username', autocomplete: 'username', required: true, minLength: 3, maxLength: 24, 'aria-label': 'user name' });
    const pass = h('input', { id: 'login-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, 'aria-label': 'password' });
    const pass2 = h('input', { id: 'login-password2', type: 'password', autocomplete: 'new-password', 'aria-label': 'password again' });
    const again = h('label', { class: 'field', hidden: true }, h('span', { text: 'Password again' }), pass2);
    let mode = 'login';
    const submit = h('button', { type: 'submit', class: 'primary', id: 'login-submit', text: 'Log in' });
    const tabs = ['login', 'register'].map((m) => h('button', {
      type: 'button', id: `tab-${m}`, role: 'tab', text: m === 'login' ? 'Log in' : 'Register',
      onclick: () => {
        mode = m;
        again.hidden = m !== 'register';
        pass.autocomplete = m === 'register' ? 'new-password' : 'current-password';
        submit.textContent = m === 'register' ? 'Create account' : 'Log in';
        tabs.forEach((t) => t.setAttribute('aria-selected', String(t.id === `tab-${m}`)));
      },
    }));
    tabs[0].setAttribute('aria-selected', 'true');
    const run = async (type, fields) => {
      msg.textContent = '';
      try {
        const s = await this.conn.request(type, fields);
        await this.session(s, false);
      } catch (e) {
        msg.textContent = e.code === 'unauthorized' ? 'Wrong name or password.' : e.code === 'conflict' ? 'That name is taken.' : e.message;
      }
    };
    const form = h('form', {
      class: 'panel login', id: 'login', onsubmit: (e) => {
        e.preventDefault();
        if (mode === 'register') {
          if (pass.value !== pass2.value) {
            msg.textContent = 'The two passwords differ.';
            return;
          }
          if (pass.value.length < 8) {
            msg.textContent = 'The password needs at least 8 characters.';
            return;
          }
        }
        run(mode, { username: user.value.trim(), password: pass.value });
      },
    },
    h('h2', { text: 'Play gomoku' }),
    h('div', { class: 'tabs', role: 'tablist' }, tabs),
    h('label', { class: 'field' }, h('span', { text: 'Name' }), user),
    h('label', { class: 'field' }, h('span', { text: 'Password' }), pass),
    again, submit, msg);
    const guestName = h('input', { id: 'guest-name', maxLength: 16, placeholder: 'a name (optional)', 'aria-label': 'guest name' });
    const guest = h('form', { class: 'panel login', id: 'guest', onsubmit: (e) => { e.preventDefault(); run('guest', guestName.value.trim() ? { name: guestName.value.trim() } : {}); } },
      h('h2', { text: 'Or play as a guest' }), h('p', { class: 'muted', text: 'Casual games only; no password.' }),
      guestName, h('button', { type: 'submit', id: 'guest-submit', text: 'Play as guest' }));
    this.view = { isLogin: true, el: h('section', { class: 'page login-page' }, form, guest) };
    fill(this.main, this.view.el);
    document.title = 'Gomoku';
    user.focus();
  }

  key(e) {
    if (!this.me) return;
    if (e.altKey && !e.ctrlKey && !e.metaKey) {
      const to = { l: '#lobby', g: '#history', b: '#leaders', p: '#profile', a: '#account' }[e.key];
      if (to) {
        e.preventDefault();
        location.hash = to;
      }
      return;
    }
    if (!typing(e.target) && !e.ctrlKey && !e.metaKey && e.key === 's') $('#sound').click();
    if (!typing(e.target) && e.key === '?') this.note('Keys: Alt+L lobby, Alt+G games, Alt+B leaderboard, Alt+P profile, Alt+A account, s sound; in a game: arrows + Enter play, 1–9 and 0 opening choices, o send an offer of fifth moves, x clear it, t takeback, d draw, r resign, a abort, m rematch, y/n answer, c chat, Esc lobby.', 10000);
  }

  // ---- messages

  showBanner(text, kind = '', ms = 0) {
    this.banner.textContent = text;
    this.banner.className = `banner ${kind}`;
    this.banner.hidden = false;
    clearTimeout(this.bannerTimer);
    if (ms) this.bannerTimer = setTimeout(() => this.hideBanner(), ms);
  }

  hideBanner() {
    this.banner.hidden = true;
  }

  note(text, ms = 4000) {
    this.toast.textContent = text;
    this.toast.className = 'toast';
    this.toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toast.hidden = true; }, ms);
  }

  error(text) {
    this.note(text, 6000);
    this.toast.className = 'toast error';
  }
}

window.gomoku = new App();
