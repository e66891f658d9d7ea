// History with step-through replay and record downloads, profiles and the
// leaderboard.
import { h, fill, when, typing } from './dom.js';
import { Board } from './board.js';
import { RULES, ruleName, openingName, timeText, resultText } from './rules.js';
import { blockButton } from './account.js';

const link = (name) => h('a', { href: `#profile/${encodeURIComponent(name)}`, text: name, class: 'player' });

/** download asks the server for a record and saves it as a file. */
export async function download(app, id, format) {
  try {
    const r = await app.conn.request('get_record', { game_id: id, format });
    const type = format === 'sgf' ? 'application/x-go-sgf' : 'text/plain';
    const url = URL.createObjectURL(new Blob([r.data], { type }));
    const a = h('a', { href: url, download: `gomoku-${id}.${format}`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    app.error(e.message);
  }
}

const downloads = (app, id) => h('span', { class: 'downloads' }, ['txt', 'psq', 'sgf'].map((f) =>
  h('button', { type: 'button', class: `dl-${f}`, onclick: () => download(app, id, f), 'aria-label': `download game ${id} as ${f}`, text: f.toUpperCase() })));

export class HistoryView {
  /** @param {any} app @param {string} name empty for yourself */
  constructor(app, name) {
    this.app = app;
    this.name = name;
    this.offset = 0;
    this.list = h('ul', { class: 'list history', id: 'history' });
    this.more = h('button', { type: 'button', text: 'Older games', onclick: () => this.load(this.offset), hidden: true });
    this.title = h('h2', { text: 'Games' });
    const who = h('input', { id: 'history-name', placeholder: 'a player', value: name, 'aria-label': 'player whose games to list', autocomplete: 'off' });
    const find = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); location.hash = `#history/${encodeURIComponent(who.value.trim())}`; } },
      who, h('button', { type: 'submit', text: 'Show games' }));
    this.el = h('section', { class: 'page' }, h('div', { class: 'panel wide' }, this.title, find, this.list, this.more));
    if (!name && app.me.kind === 'guest') {
      this.list.append(h('li', { class: 'muted', text: 'Guests have no stored games. Name a player to see theirs.' }));
      return;
    }
    this.load(0);
  }

  async load(offset) {
    const app = this.app;
    try {
      const r = await app.conn.request('get_history', { name: this.name || undefined, limit: 30, offset });
      this.title.textContent = `Games of ${r.name}`;
      if (!offset) this.list.replaceChildren();
      for (const g of r.games) {
        this.list.append(h('li', { 'data-game': g.game_id },
          h('span', { class: 'grow' }, link(g.black.name), ' – ', link(g.white.name),
            h('span', { class: 'muted', text: ` · ${ruleName(g.rule)} ${g.size}×${g.size} · ${timeText(g.time)}${g.rated ? ' · rated' : ''} · ${g.plies} moves · ${when(g.started_at)}` }),
            h('br'), g.result ? resultText(g.result, g) : 'running'),
          g.result ? h('a', { href: `#replay/${g.game_id}`, class: 'button replay', text: 'Replay' }) : h('button', { type: 'button', text: 'Watch', onclick: () => app.watch(g.game_id) }),
          g.result ? downloads(app, g.game_id) : null));
      }
      if (!offset && !r.games.length) this.list.append(h('li', { class: 'muted', text: 'No games yet.' }));
      this.offset = offset + r.games.length;
      this.more.hidden = r.games.length < 30;
    } catch (e) {
      if (e.code === 'not_found') fill(this.list, h('li', { class: 'muted', text: `No account named ${this.name}.` }));
      else app.error(e.message);
    }
  }

  destroy() {}
  update() {}
}

/**
 * parseText reads the moves and headers of a text record ("1. [Black] h8").
 * @param {string} data
 */
export function parseText(data) {
  const head = {}, moves = [];
  for (const line of data.split('\n')) {
    const m = /^\s*\d+\.\s*\[(?:Black|White)\]\s+([a-z]\d+)/.exec(line);
    if (m) moves.push(m[1]);
    else {
      const kv = /^(\w+):\s*(.*)$/.exec(line);
      if (kv) head[kv[1]] = kv[2];
    }
  }
  return { head, moves };
}

export class ReplayView {
  /** @param {any} app @param {number} id */
  constructor(app, id) {
    this.app = app;
    this.id = id;
    this.moves = [];
    this.at = 0;
    this.boardWrap = h('div', { class: 'board-wrap' });
    this.info = h('div', { class: 'info' });
    this.pos = h('p', { class: 'turn', id: 'replay-pos', 'aria-live': 'polite' });
    const b = (id, label, key, fn) => h('button', { id, type: 'button', onclick: fn, 'aria-keyshortcuts': key, title: `${label} (${key})` }, label);
    this.nav = h('div', { class: 'actions replay-nav' },
      b('rp-first', '« Start', 'Home', () => this.go(0)), b('rp-prev', '◀ Back', 'ArrowLeft', () => this.go(this.at - 1)),
      b('rp-next', 'Next ▶', 'ArrowRight', () => this.go(this.at + 1)), b('rp-last', 'End »', 'End', () => this.go(this.moves.length)));
    this.numbers = h('input', { type: 'checkbox', id: 'rp-numbers', onchange: () => this.go(this.at) });
    this.el = h('section', { class: 'game replay', id: 'replay' }, this.boardWrap,
      h('aside', { class: 'side' }, this.info, this.pos, this.nav,
        h('label', { class: 'field check' }, this.numbers, h('span', { text: 'move numbers' })),
        h('p', {}, 'Download: ', downloads(app, id)), h('p', { class: 'muted', text: '← → step, Home/End jump' })));
    this.onKey = (e) => {
      if (typing(e.target)) return;
      const k = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.moves.length }[e.key];
      if (k !== undefined) {
        e.preventDefault();
        this.go(k);
      }
    };
    document.addEventListener('keydown', this.onKey);
    this.load();
  }

  destroy() {
    document.removeEventListener('keydown', this.onKey);
  }
  update() {}

  async load() {
    try {
      const r = await this.app.conn.request('get_record', { game_id: this.id, format: 'txt' });
      const { head, moves } = parseText(r.data);
      this.moves = moves;
      this.head = head;
      this.board = new Board(Number(head.Size) || 15);
      fill(this.boardWrap, this.board.el);
      fill(this.info, h('h2', {}, `${head.Black || '?'} (black) – ${head.White || '?'} (white)`),
        h('p', { class: 'muted', text: `Game ${this.id} · ${ruleName(head.Rule || '')}${head.Opening ? ` · ${openingName(head.Opening)}` : ''} · ${head.TimeControl || 'no clock'} · ${head.Date || ''}` }),
        head.Offers ? h('p', { class: 'muted', id: 'replay-offers', text: `Fifth moves offered: ${head.Offers} (move 5 is the one chosen)` }) : null,
        h('p', { text: head.Result || '' }));
      this.go(moves.length);
    } catch (e) {
      this.app.error(e.message);
    }
  }

  go(n) {
    if (!this.board) return;
    this.at = Math.max(0, Math.min(this.moves.length, n));
    this.board.set({ moves: this.moves.slice(0, this.at), numbers: this.numbers.checked });
    this.pos.textContent = `Move ${this.at} of ${this.moves.length}` + (this.at ? ` (${this.moves[this.at - 1]})` : '');
  }
}

export class ProfileView {
  /** @param {any} app @param {string} name */
  constructor(app, name) {
    this.app = app;
    this.body = h('div', { class: 'panel wide', id: 'profile' }, h('p', { text: 'Loading…' }));
    this.el = h('section', { class: 'page' }, this.body);
    this.load(name);
  }
  destroy() {}
  update() {}

  async load(name) {
    const app = this.app;
    try {
      const p = await app.conn.request('get_profile', name ? { name } : {});
      const row = (k, v) => h('tr', {}, h('th', { text: k }), h('td', { text: v }));
      const ratings = new Map((p.ratings || []).map((r) => [r.rule, r]));
      fill(this.body, h('h2', { text: p.name }),
        h('table', { class: 'kv' },
          row('Rating', `${p.rating} ± ${p.rd}`), row('Status', p.status),
          row('Games', `${p.games} (${p.rated_games} rated)`), row('Won / lost / drawn', `${p.wins} / ${p.losses} / ${p.draws}`),
          row('Joined', when(p.created_at)), p.last_login_at ? row('Last seen', when(p.last_login_at)) : null),
        h('h3', { text: 'Ratings by rule' }),
        h('table', { class: 'ratings', id: 'profile-ratings' },
          h('thead', {}, h('tr', {}, ['Rule', 'Rating', 'W/L/D', 'Rated games'].map((t) => h('th', { text: t })))),
          h('tbody', {}, RULES.map((rule) => {
            const r = ratings.get(rule.id);
            return h('tr', { 'data-rule': rule.id }, h('td', {}, h('a', { href: `#leaders/${rule.id}`, text: rule.name })),
              h('td', { text: r ? `${r.rating} ± ${r.rd}` : '–' }), h('td', { text: r ? `${r.wins || 0}/${r.losses || 0}/${r.draws || 0}` : '–' }),
              h('td', { text: r ? r.rated_games : 0 }));
          }))),
        h('p', { class: 'row' }, h('a', { href: `#history/${encodeURIComponent(p.name)}`, class: 'button', text: 'Games' }),
          p.name !== app.me.name && p.status !== 'offline' && p.status !== 'playing'
            ? h('button', { type: 'button', text: `Challenge ${p.name}`, onclick: () => { location.hash = '#lobby'; app.challengeFromProfile(p.name); } }) : null,
          blockButton(app, p.name),
          p.name === app.me.name ? h('a', { href: '#account', class: 'button', id: 'account-link', text: 'Account settings' }) : null));
    } catch (e) {
      fill(this.body, h('p', { text: e.code === 'not_found' ? `No account named ${name}${app.me.kind === 'guest' && !name ? ' (guests have no profile)' : ''}.` : e.message }));
    }
  }
}

export class LeadersView {
  /** @param {any} app @param {string} rule */
  constructor(app, rule) {
    this.app = app;
    this.rule = RULES.some((r) => r.id === rule) ? rule : 'freestyle';
    this.body = h('tbody');
    this.pick = h('select', { id: 'leaders-rule', 'aria-label': 'rule', onchange: () => { location.hash = `#leaders/${this.pick.value}`; } },
      RULES.map((r) => h('option', { value: r.id, text: r.name, selected: r.id === this.rule })));
    this.title = h('h2', { text: `Leaderboard: ${ruleName(this.rule)}` });
    this.el = h('section', { class: 'page' }, h('div', { class: 'panel wide' },
      h('div', { class: 'head-row' }, this.title, h('label', { class: 'field' }, h('span', { text: 'Rule' }), this.pick)),
      h('table', { class: 'leaders', id: 'leaders', 'data-rule': this.rule }, h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', 'Rated games', 'W/L/D'].map((t) => h('th', { text: t })))), this.body)));
    this.load();
  }
  destroy() {}
  update() {}

  async load() {
    try {
      const r = await this.app.conn.request('get_leaderboard', { rule: this.rule, limit: 100 });
      fill(this.body, r.players.map((p, i) => h('tr', { 'data-player': p.name }, h('td', { text: i + 1 }), h('td', {}, link(p.name)), h('td', { text: `${p.rating} ± ${p.rd}` }),
        h('td', { text: p.rated_games }), h('td', { text: `${p.wins}/${p.losses}/${p.draws}` }))));
      if (!r.players.length) this.body.append(h('tr', {}, h('td', { colSpan: 5, class: 'muted', text: `No rated ${ruleName(this.rule).toLowerCase()} games yet.` })));
      this.body.parentElement.dataset.loaded = r.rule || this.rule;
    } catch (e) {
      this.app.error(e.message);
    }
  }
}
