// A game: the model (a snapshot plus the numbered events applied in order)
// and its screen (board, clocks, actions, offers, opening phases, chat).
import { h, fill, clockText, typing } from './dom.js';
import { Board } from './board.js';
import { ruleName, openingName, timeText, resultText, other } from './rules.js';
import { OpeningPanel } from './opening.js';
import { play } from './sound.js';

/** One game as this client knows it. */
export class GameModel {
  /** @param {any} st a game_start or game_state frame */
  constructor(st) {
    this.chat = [];
    this.load(st);
  }

  /** load replaces the state with a full snapshot (game_start, game_state). @param {any} st */
  load(st) {
    this.id = st.game.game_id;
    this.info = st.game;
    this.size = st.game.size || 15;
    this.seq = st.seq || 0;
    this.moves = (st.moves || []).slice();
    this.result = st.result || null;
    this.turn = this.result ? '' : st.turn || (this.moves.length % 2 === 0 ? 'black' : 'white');
    this.you = st.your_color || '';
    this.offer = st.offer || null;
    // When the opponent may be claimed against: known only from a
    // player_away event (claim_after_ms); a snapshot just says who is away.
    const keep = this.away && this.away === st.away ? this.claimAt : Infinity;
    this.away = st.away || '';
    /** performance.now() from which claim_win is allowed; Infinity: not known yet */
    this.claimAt = this.away ? keep : Infinity;
    this.forbidden = st.forbidden || [];
    /** the opening's phase while it runs (docs/protocol.md, "Openings"), else null */
    this.phase = st.phase || null;
    this.watchers = st.watchers || 0;
    this.ratings = null;
    /** each player's network round trip in ms (0 or absent: unknown, or a bot) */
    this.lag = { black: st.lag ? st.lag.black_ms : 0, white: st.lag ? st.lag.white_ms : 0 };
    /** what the last move of each side got back from lag compensation */
    this.comp = { black: 0, white: 0 };
    this.setClock(st.clock);
  }

  /** @param {any} c a protocol clock, or undefined for a game without one */
  setClock(c) {
    this.clock = c ? { ...c, at: performance.now() } : null;
  }

  /**
   * firstMoveLeft is what the side to move has left of its first-move time
   * (its clock starts only after its first move), or -1 when it is not
   * waiting for a first move.
   */
  firstMoveLeft() {
    const c = this.clock;
    if (!c || !c.first_move_ms || this.result) return -1;
    return Math.max(0, c.first_move_ms - (performance.now() - c.at));
  }

  /** remaining ms on colour's clock now, counted down locally since the last server figure. */
  remaining(color) {
    const c = this.clock;
    if (!c) return 0;
    let ms = c[`${color}_ms`];
    if (c.running === color && !this.result) ms -= performance.now() - c.at;
    return ms;
  }

  get over() {
    return !!this.result;
  }
  get myTurn() {
    return !!this.you && !this.result && this.turn === this.you;
  }

  /**
   * apply one numbered event (or game_clock). The caller skips events
   * whose seq is not above this.seq.
   * @param {any} ev
   */
  apply(ev) {
    if (ev.seq) this.seq = Math.max(this.seq, ev.seq);
    switch (ev.type) {
      case 'game_move':
        if (ev.ply === this.moves.length + 1) this.moves.push(ev.move);
        else this.moves[ev.ply - 1] = ev.move;
        // A stone placed in the opening: its game_opening, just before,
        // said who acts next.
        if (!this.phase) this.turn = other(ev.color);
        this.forbidden = ev.forbidden || [];
        if (ev.clock) this.setClock(ev.clock);
        if (ev.lag_ms) this.lag[ev.color] = ev.lag_ms;
        this.comp[ev.color] = ev.comp_ms || 0;
        break;
      case 'game_takeback':
        this.moves.length = ev.plies;
        this.turn = ev.turn;
        this.forbidden = ev.forbidden || [];
        if (ev.clock) this.setClock(ev.clock);
        break;
      case 'game_opening':
        this.opened(ev);
        break;
      case 'game_clock':
        this.setClock(ev.clock);
        break;
      case 'offer':
        this.offer = { kind: ev.kind, from: ev.from };
        break;
      case 'offer_answer':
        if (this.offer && this.offer.kind === ev.kind) this.offer = null;
        break;
      case 'game_over':
        // The server's final clocks (the flagged side reads 0); an older
        // server sends none: stop the local ones where they stand.
        if (ev.clock) this.setClock(ev.clock);
        else if (this.clock) this.setClock({ ...this.clock, black_ms: this.remaining('black'), white_ms: this.remaining('white'), running: '', first_move_ms: 0 });
        this.result = { winner: ev.winner, reason: ev.reason, line: ev.line };
        this.ratings = ev.black_rating || ev.white_rating ? { black: ev.black_rating, white: ev.white_rating } : null;
        this.turn = '';
        this.offer = null;
        this.forbidden = [];
        this.phase = null;
        break;
      case 'game_chat':
        this.chat.push(ev);
        break;
      case 'game_watchers':
        this.watchers = ev.watchers;
        break;
      case 'player_away':
        this.away = ev.color;
        this.claimAt = performance.now() + (ev.claim_after_ms || 0);
        break;
      case 'player_back':
        this.away = '';
        this.claimAt = Infinity;
        break;
    }
  }

  /**
   * opened applies a game_opening: the players may have exchanged colours
   * (the server tracks players, not colours), so everything kept by colour
   * follows them; then the next phase, or normal play.
   * @param {any} ev
   */
  opened(ev) {
    if (ev.black !== this.info.black.name && ev.black === this.info.white.name) {
      this.info = { ...this.info, black: this.info.white, white: this.info.black };
      if (this.you) this.you = other(this.you);
      this.lag = { black: this.lag.white, white: this.lag.black };
      this.comp = { black: this.comp.white, white: this.comp.black };
      if (this.away) this.away = other(this.away);
      if (this.offer) this.offer = { ...this.offer, from: other(this.offer.from) };
    }
    this.phase = ev.phase || null;
    this.turn = ev.turn || this.turn;
    if (ev.clock) this.setClock(ev.clock);
  }
}

const OFFER_NAMES = { takeback: 'a takeback', draw: 'a draw', rematch: 'a rematch' };

/** The game screen. */
export class GameView {
  /** @param {any} app @param {GameModel} g */
  constructor(app, g) {
    this.app = app;
    this.g = g;
    this.board = new Board(g.size, (p) => this.play(p));
    this.resignArmed = 0;
    this.cards = { black: this.card('black'), white: this.card('white') };
    this.statusEl = h('p', { class: 'turn', id: 'game-status', 'aria-live': 'polite' });
    this.opening = new OpeningPanel(this);
    this.phaseEl = this.opening.el;
    this.offerEl = h('div', { class: 'offer', role: 'alert', hidden: true });
    this.awayEl = h('div', { class: 'away', id: 'away', hidden: true });
    const btn = (id, label, key, fn) => h('button', { id, type: 'button', onclick: fn, 'aria-keyshortcuts': key, title: `${label} (${key})` }, label, h('kbd', { text: key }));
    this.buttons = {
      takeback: btn('act-takeback', 'Takeback', 't', () => this.act('takeback')),
      draw: btn('act-draw', 'Offer draw', 'd', () => this.act('draw_offer')),
      resign: btn('act-resign', 'Resign', 'r', () => this.resign()),
      abort: btn('act-abort', 'Abort', 'a', () => this.act('abort')),
      rematch: btn('act-rematch', 'Rematch', 'm', () => this.act('rematch_offer')),
      claim: btn('act-claim', 'Claim win', 'w', () => this.act('claim_win')),
      leave: btn('act-leave', 'Lobby', 'Esc', () => this.leave()),
    };
    this.infoEl = h('p', { class: 'info' });
    this.chatLog = h('ol', { class: 'chat-log', 'aria-label': 'game chat', 'aria-live': 'polite' });
    this.chatInput = h('input', { id: 'game-chat-input', type: 'text', maxLength: 300, placeholder: 'Say something (c)', 'aria-label': 'game chat message', autocomplete: 'off' });
    const chatForm = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.say(); } }, this.chatInput, h('button', { type: 'submit', text: 'Send' }));
    this.el = h('section', { class: 'game', id: 'game', 'data-game': g.id },
      h('div', { class: 'board-wrap' }, this.board.el),
      h('aside', { class: 'side' },
        h('div', { class: 'players' }, this.cards.white.el, this.cards.black.el),
        this.statusEl, this.phaseEl, this.offerEl, this.awayEl,
        h('div', { class: 'actions' }, Object.values(this.buttons)),
        this.infoEl,
        h('div', { class: 'chat' }, this.chatLog, chatForm)));
    this.onKey = (e) => this.key(e);
    this.tick = setInterval(() => this.clocks(), 100);
    document.addEventListener('keydown', this.onKey);
    this.chatShown = 0;
    this.update();
  }

  destroy() {
    clearInterval(this.tick);
    document.removeEventListener('keydown', this.onKey);
  }

  card(color) {
    const name = h('span', { class: 'name' }), rating = h('span', { class: 'rating' }), clock = h('span', { class: 'clock', id: `clock-${color}` });
    const lag = h('span', { class: 'lag', id: `lag-${color}` });
    const first = h('span', { class: 'first', id: `first-${color}`, hidden: true });
    const el = h('div', { class: `card ${color}`, id: `card-${color}` }, h('span', { class: `dot ${color}`, 'aria-hidden': 'true' }),
      h('span', { class: 'who' }, name, h('span', { class: 'meta' }, rating, lag), first), clock);
    return { el, name, rating, clock, lag, first };
  }

  /** update redraws everything from the model; ev is the event that changed it, if any. */
  update(ev) {
    const g = this.g, me = g.you;
    if (ev && ev.type === 'game_move') play('move');
    if (ev && ev.type === 'game_over') play('end');
    if (ev && ev.type === 'offer' && ev.from !== me && me) play('alert');
    if (ev && ev.type === 'game_opening') this.opened(ev);
    this.board.set({
      moves: g.moves, line: g.result ? g.result.line || [] : [], forbidden: g.turn === 'black' ? g.forbidden : [],
      playable: g.myTurn, turn: g.turn, ...this.opening.boardState(),
    });
    for (const c of ['black', 'white']) {
      const card = this.cards[c], p = g.info[c];
      card.name.textContent = p.name + (c === me ? ' (you)' : '');
      let r = p.rating ? String(p.rating) : '';
      if (g.ratings && g.ratings[c]) {
        const d = g.ratings[c].after - g.ratings[c].before;
        r = `${g.ratings[c].after} (${d >= 0 ? '+' : ''}${d})`;
      }
      card.rating.textContent = r;
      // Lag: nothing for a bot or while unknown.
      const lag = p.kind === 'bot' ? 0 : g.lag[c];
      card.lag.textContent = lag ? `${r ? ' · ' : ''}${lag} ms lag` : '';
      card.lag.title = lag ? `network round trip ${lag} ms` + (g.comp[c] ? `; ${g.comp[c]} ms given back on the last move` : '') : '';
      card.el.classList.toggle('to-move', g.turn === c);
      card.el.classList.toggle('away', g.away === c);
    }
    let status;
    if (g.result) status = resultText(g.result, g.info);
    else if (g.phase) status = g.myTurn ? 'Opening: your turn' : `Opening: ${g.phase.player} to act`;
    else if (g.myTurn) status = 'Your move';
    else if (me) status = `Waiting for ${g.info[g.turn].name}`;
    else status = `${g.info[g.turn].name} (${g.turn}) to move`;
    this.statusEl.textContent = status;
    this.statusEl.classList.toggle('mine', g.myTurn);
    this.phasePanel();
    this.offerPanel();
    this.awayPanel();
    const playing = !!me && !g.result;
    const show = (b, on) => { this.buttons[b].hidden = !on; };
    show('takeback', playing);
    show('draw', playing);
    show('resign', playing);
    show('abort', playing && g.moves.length < 2);
    show('rematch', !!me && g.over);
    show('claim', playing && !!g.away && g.away !== me);
    // The server refuses takebacks while the opening runs.
    this.buttons.takeback.disabled = !g.moves.length || !!g.offer || !!g.phase;
    this.buttons.draw.disabled = !!g.offer;
    this.buttons.leave.firstChild.textContent = me && !g.result ? 'Lobby' : g.you ? 'Back to lobby' : 'Stop watching';
    const i = g.info;
    const op = i.opening && i.opening !== 'none' ? ` · ${openingName(i.opening)}` : '';
    this.infoEl.textContent = `Game ${g.id} · ${ruleName(i.rule)} ${g.size}×${g.size}${op} · ${timeText(i.time)} · ${i.rated ? 'rated' : 'casual'} · move ${g.moves.length}` +
      ` · ${g.watchers} watching`;
    for (; this.chatShown < g.chat.length; this.chatShown++) {
      const c = g.chat[this.chatShown];
      this.chatLog.append(h('li', {}, h('b', { text: c.from }), ' ', c.text));
      this.chatLog.scrollTop = this.chatLog.scrollHeight;
    }
    this.clocks();
    this.app.title();
  }

  /** phasePanel shows the opening's phase while it runs. */
  phasePanel() {
    this.opening.update();
  }

  /** opened tells the players what an opening action changed: a swap, the end of the opening. @param {any} ev */
  opened(ev) {
    this.opening.changed();
    const g = this.g, me = g.you ? g.info[g.you].name : '';
    const black = ev.black === me ? 'you play' : `${ev.black} plays`;
    if (ev.swapped) this.app.note(`${ev.by === me ? 'You' : ev.by} swapped colours: ${black} black now.`);
    else if (ev.done) this.app.note(`The opening is over: ${black} black.`);
  }

  offerPanel() {
    const g = this.g, o = g.offer;
    if (!o || !g.you) {
      this.offerEl.hidden = true;
      return;
    }
    this.offerEl.hidden = false;
    if (o.from === g.you) {
      fill(this.offerEl, h('span', { text: `You offered ${OFFER_NAMES[o.kind] || o.kind}; waiting for an answer.` }));
      return;
    }
    const answer = { takeback: 'takeback_answer', draw: 'draw_answer', rematch: 'rematch_answer' }[o.kind];
    fill(this.offerEl,
      h('span', { text: `${g.info[o.from].name} offers ${OFFER_NAMES[o.kind] || o.kind}.` }),
      h('button', { id: 'offer-accept', type: 'button', onclick: () => this.act(answer, { accept: true }) }, 'Accept', h('kbd', { text: 'y' })),
      h('button', { id: 'offer-decline', type: 'button', onclick: () => this.act(answer, { accept: false }) }, 'Decline', h('kbd', { text: 'n' })));
  }

  awayPanel() {
    const g = this.g;
    if (!g.away || g.result) {
      this.awayEl.hidden = true;
      return;
    }
    this.awayEl.hidden = false;
    const left = Math.max(0, g.claimAt - performance.now());
    const who = g.away === g.you ? 'You are' : `${g.info[g.away].name} is`;
    let claim = '';
    if (g.you && g.away !== g.you) {
      if (left === Infinity) claim = ' Checking when you may claim the win…';
      else if (left > 0) claim = ` You may claim the win in ${Math.ceil(left / 1000)} s, or wait.`;
      else claim = ' You may claim the win, or wait.';
    }
    this.awayEl.textContent = `${who} disconnected.${claim}`;
    this.buttons.claim.disabled = left > 0;
  }

  clocks() {
    const g = this.g;
    for (const c of ['black', 'white']) {
      const el = this.cards[c].clock;
      if (!g.clock) {
        el.textContent = '';
        continue;
      }
      let ms = g.remaining(c);
      let by = g.clock[`${c}_byoyomi`];
      const byo = g.info.time && g.info.time.byoyomi_ms;
      if (ms < 0 && byo && !by) {
        ms += byo;
        by = true;
      }
      fill(el, by ? [h('small', { text: 'byo' }), ' '] : null, clockText(ms));
      el.title = by ? 'byo-yomi period' : '';
      el.classList.toggle('low', ms < 20000 && g.clock.running === c && !g.result);
      // The first move is not charged; it has its own countdown.
      const first = this.cards[c].first, left = g.turn === c ? g.firstMoveLeft() : -1;
      first.hidden = left < 0;
      if (left >= 0) first.textContent = `first move within ${Math.ceil(left / 1000)} s`;
      first.classList.toggle('low', left >= 0 && left < 10000);
    }
    if (g.away && !g.result) this.awayPanel();
  }

  async play(p) {
    const g = this.g;
    if (g.phase && !g.result) return this.opening.click(p);
    if (!g.you) return this.app.note('You are watching this game.');
    if (g.result) return this.app.note('The game is over.');
    if (!g.myTurn) return this.app.note('Not your turn.');
    try {
      await this.app.conn.request('move', { game_id: g.id, move: p });
    } catch (e) {
      this.app.error(e.code === 'forbidden' ? `Forbidden for black at ${p}: ${e.kind || e.message}` : e.message);
    }
  }

  async act(type, extra = {}) {
    try {
      await this.app.conn.request(type, { game_id: this.g.id, ...extra });
      if (type === 'takeback' || type === 'draw_offer' || type === 'rematch_offer') this.app.note('Offer sent.');
    } catch (e) {
      this.app.error(e.message);
    }
  }

  resign() {
    const b = this.buttons.resign;
    if (this.resignArmed && Date.now() - this.resignArmed < 4000) {
      this.resignArmed = 0;
      b.firstChild.textContent = 'Resign';
      this.act('resign');
      return;
    }
    this.resignArmed = Date.now();
    b.firstChild.textContent = 'Really resign?';
    setTimeout(() => { b.firstChild.textContent = 'Resign'; }, 4000);
  }

  async say() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    try {
      await this.app.conn.request('game_say', { game_id: this.g.id, text });
      this.chatInput.value = '';
    } catch (e) {
      this.app.error(e.message);
    }
  }

  leave() {
    const g = this.g;
    if (!g.you) this.app.conn.request('unwatch', { game_id: g.id }).catch(() => {});
    location.hash = '#lobby';
  }

  key(e) {
    if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) {
      if (e.key === 'Escape' && e.target === this.chatInput) this.board.el.focus();
      return;
    }
    if (this.opening.key(e)) {
      e.preventDefault();
      return;
    }
    const g = this.g;
    const answer = g.offer && g.offer.from !== g.you && { takeback: 'takeback_answer', draw: 'draw_answer', rematch: 'rematch_answer' }[g.offer.kind];
    const click = (b) => { if (!this.buttons[b].hidden && !this.buttons[b].disabled) this.buttons[b].click(); };
    switch (e.key) {
      case 't': click('takeback'); break;
      case 'd': click('draw'); break;
      case 'r': click('resign'); break;
      case 'a': click('abort'); break;
      case 'm': click('rematch'); break;
      case 'w': click('claim'); break;
      case 'y': if (answer) this.act(answer, { accept: true }); break;
      case 'n': if (answer) this.act(answer, { accept: false }); break;
      case 'c': e.preventDefault(); this.chatInput.focus(); break;
      case 'b': e.preventDefault(); this.board.el.focus(); break;
      case 'Escape': this.leave(); break;
      default: return;
    }
  }
}
