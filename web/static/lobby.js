// The lobby screen: game settings, quick pairing, bots, challenges in and
// out, the players online, running games to watch and the lobby chat.
import { h, fill, typing, when } from './dom.js';
import { RULES, SIZES, TIMES, COLORS, BOTS, OPENINGS, parseTime, settingsText, timeText, ruleName, ruleFits, openingFits, defaultOpening } from './rules.js';

const SETTINGS_KEY = 'gomoku.settings';

/** loadSettings returns the last settings used, or the defaults. */
export function loadSettings() {
  const def = { rule: 'freestyle', size: 15, time: '10+5', color: 'random', rated: false };
  try {
    const st = { ...def, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') };
    if (!RULES.some((r) => r.id === st.rule)) st.rule = def.rule;
    if (!ruleFits(st.rule, st.size)) st.size = 15;
    if (!openingFits(st.opening, st.rule)) st.opening = defaultOpening(st.rule);
    return st;
  } catch {
    return { ...def, opening: defaultOpening(def.rule) };
  }
}

export class LobbyView {
  /** @param {any} app */
  constructor(app) {
    this.app = app;
    const st = app.settings;
    const opt = (list, cur) => list.map((o) => h('option', { value: o.id, text: o.name, selected: String(o.id) === String(cur) }));
    this.rule = h('select', { id: 'set-rule', onchange: () => this.save() }, opt(RULES, st.rule));
    this.rule.title = RULES.map((r) => `${r.name}: ${r.hint}`).join('\n');
    this.size = h('select', { id: 'set-size', onchange: () => this.save() }, opt(SIZES.map((n) => ({ id: n, name: `${n}×${n}` })), st.size));
    this.opening = h('select', { id: 'set-opening', onchange: () => this.save() }, opt(OPENINGS, st.opening));
    this.opening.title = OPENINGS.map((o) => `${o.name}: ${o.hint}`).join('\n');
    this.color = h('select', { id: 'set-color', onchange: () => this.save() }, opt(COLORS, st.color));
    const known = TIMES.some((t) => t.id === st.time);
    this.time = h('select', { id: 'set-time', onchange: () => this.save() }, opt([...TIMES, { id: 'custom', name: 'custom…' }], known ? st.time : 'custom'));
    this.customTime = h('input', { id: 'set-time-custom', type: 'text', value: known ? '' : st.time, placeholder: 'e.g. 20+10 or 30m/60s', hidden: known, onchange: () => this.save(), 'aria-label': 'custom time control' });
    this.rated = h('input', { id: 'set-rated', type: 'checkbox', checked: !!st.rated, onchange: () => this.save() });
    const field = (label, ...els) => h('label', { class: 'field' }, h('span', { text: label }), ...els);
    this.colorField = field('Colour', this.color); // "Opener" with an opening rule (fit)
    this.seekBtn = h('button', { id: 'seek', type: 'button', class: 'primary', onclick: () => this.seek() }, 'Quick pairing', h('kbd', { text: 'q' }));
    this.botsEl = h('div', { class: 'bots' }, BOTS.map((b, i) =>
      h('button', { id: `bot-${b.id.slice(4)}`, type: 'button', onclick: () => this.challenge(b.id), title: `play ${b.id} (${i + 1})` }, `${b.name} bot`, h('kbd', { text: String(i + 1) }))));
    this.challengesEl = h('ul', { class: 'list', id: 'challenges' });
    this.playersEl = h('ul', { class: 'list', id: 'players' });
    this.gamesEl = h('ul', { class: 'list', id: 'games' });
    this.countsEl = h('p', { class: 'muted' });
    this.chatLog = h('ol', { class: 'chat-log', id: 'lobby-chat', 'aria-live': 'polite', 'aria-label': 'lobby chat' });
    this.chatInput = h('input', { id: 'lobby-chat-input', type: 'text', maxLength: 300, placeholder: 'Chat with the lobby (c)', autocomplete: 'off', 'aria-label': 'lobby chat message' });
    this.el = h('section', { class: 'lobby', id: 'lobby' },
      h('div', { class: 'panel new-game' },
        h('h2', { text: 'New game' }),
        h('div', { class: 'fields' }, field('Rule', this.rule), field('Board', this.size), field('Opening', this.opening), field('Clock', this.time, this.customTime),
          this.colorField,
          h('label', { class: 'field check' }, this.rated, h('span', { text: 'rated' }))),
        h('div', { class: 'row' }, this.seekBtn),
        h('h3', { text: 'Play the computer' }), this.botsEl,
        h('h3', { text: 'Challenges' }), this.challengesEl,
        h('p', { class: 'muted', text: 'Every action has a key: press ? to list them.' })),
      h('div', { class: 'panel' }, h('h2', { text: 'Players online' }), this.countsEl, this.playersEl),
      h('div', { class: 'panel' }, h('h2', { text: 'Games to watch' }), this.gamesEl),
      h('div', { class: 'panel chat' }, h('h2', { text: 'Lobby chat' }), this.chatLog,
        h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.say(); } }, this.chatInput, h('button', { type: 'submit', id: 'lobby-chat-form-send', text: 'Send' }))));
    this.fit();
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    this.chatShown = 0;
    this.update();
  }

  destroy() {
    document.removeEventListener('keydown', this.onKey);
  }

  /**
   * fit offers only what the server plays: a rule limited to some sizes
   * (renju: 15×15) is not offered on other sizes, nor those sizes with it;
   * only the opening rules of the chosen rule are offered, and when the
   * chosen one does not go with a new rule, that rule's default replaces it.
   */
  fit() {
    const size = Number(this.size.value), rule = this.rule.value;
    for (const o of this.rule.options) {
      const r = RULES.find((x) => x.id === o.value);
      o.disabled = !ruleFits(o.value, size);
      o.textContent = r.name + (o.disabled ? ` (${r.sizes.map((n) => `${n}×${n}`).join(', ')} only)` : '');
    }
    for (const o of this.size.options) o.disabled = !ruleFits(rule, Number(o.value));
    for (const o of this.opening.options) {
      o.disabled = !openingFits(o.value, rule);
      o.hidden = o.disabled;
    }
    if (!openingFits(this.opening.value, rule)) this.opening.value = defaultOpening(rule);
    // With an opening rule the colour chosen is the one you open with: the
    // swaps decide who plays black in the end.
    const open = this.opening.value !== 'none';
    for (const o of this.color.options) {
      o.textContent = COLORS.find((c) => c.id === o.value)[open ? 'opens' : 'name'];
    }
    this.colorField.firstChild.textContent = open ? 'Opener (black)' : 'Colour';
  }

  save() {
    this.fit();
    this.customTime.hidden = this.time.value !== 'custom';
    const st = {
      rule: this.rule.value, size: Number(this.size.value), opening: this.opening.value, color: this.color.value, rated: this.rated.checked,
      time: this.time.value === 'custom' ? this.customTime.value : this.time.value,
    };
    this.app.settings = st;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(st));
  }

  /** settings in the protocol's form; throws on a bad time control. */
  wire(forBot) {
    this.save();
    const st = this.app.settings;
    const guest = this.app.me && this.app.me.kind === 'guest';
    return { rule: st.rule, opening: st.opening, size: st.size, time: parseTime(st.time), color: st.color,
      rated: st.rated && !forBot && !guest };
  }

  async challenge(to) {
    try {
      const c = await this.app.conn.request('challenge_create', { to, settings: this.wire(to.startsWith('bot:')) });
      if (!to.startsWith('bot:')) this.app.lobbyChallenge(c);
      this.app.note(to.startsWith('bot:') ? `Starting a game with ${to}…` : `Challenge sent to ${to}.`);
    } catch (e) {
      this.app.error(e.message);
    }
  }

  async seek() {
    const me = this.app.lobby.players.get(this.app.me.name);
    try {
      if (me && me.status === 'seeking') {
        await this.app.conn.request('unseek');
        this.app.setStatus('idle');
        this.app.note('Stopped seeking.');
      } else {
        await this.app.conn.request('seek', { settings: this.wire(false) });
        this.app.setStatus('seeking');
        this.app.note('Looking for an opponent with these settings…');
      }
    } catch (e) {
      this.app.error(e.message);
    }
  }

  async answer(type, id) {
    try {
      await this.app.conn.request(type, { challenge_id: id });
      if (type !== 'challenge_accept') this.app.lobby.challenges.delete(id);
      this.update();
    } catch (e) {
      this.app.error(e.message);
    }
  }

  async say() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    try {
      await this.app.conn.request('lobby_say', { text });
      this.chatInput.value = '';
    } catch (e) {
      this.app.error(e.message);
    }
  }

  update() {
    const app = this.app, L = app.lobby, me = app.me.name;
    const mine = L.players.get(me);
    const seeking = mine && mine.status === 'seeking';
    this.seekBtn.firstChild.textContent = seeking ? 'Cancel seeking' : 'Quick pairing';
    this.seekBtn.classList.toggle('busy', !!seeking);
    const link = (name) => h('a', { href: `#profile/${encodeURIComponent(name)}`, text: name, class: 'player' });
    fill(this.challengesEl, [...L.challenges.values()].map((c) => {
      const incoming = c.to === me;
      return h('li', { 'data-challenge': c.challenge_id },
        h('span', { class: 'grow' }, incoming ? ['from ', link(c.from)] : ['to ', link(c.to)], ': ', settingsText(c.settings), colorNote(c, me)),
        incoming ? [h('button', { type: 'button', class: 'primary accept', onclick: () => this.answer('challenge_accept', c.challenge_id), text: 'Accept' }),
          h('button', { type: 'button', class: 'decline', onclick: () => this.answer('challenge_decline', c.challenge_id), text: 'Decline' })]
          : h('button', { type: 'button', class: 'cancel', onclick: () => this.answer('challenge_cancel', c.challenge_id), text: 'Cancel' }));
    }));
    if (!L.challenges.size) this.challengesEl.append(h('li', { class: 'muted', text: 'No open challenges.' }));
    const players = [...L.players.values()].sort((a, b) => (a.name === me ? -1 : b.name === me ? 1 : a.name.localeCompare(b.name)));
    fill(this.playersEl, players.map((p) => h('li', { 'data-player': p.name },
      h('span', { class: 'grow' }, link(p.name), p.name === me ? ' (you)' : '', p.rating ? h('span', { class: 'rating', text: ` ${p.rating}` }) : null),
      h('span', { class: `status ${p.status}`, text: p.status }),
      p.name !== me ? h('button', { type: 'button', class: 'challenge', onclick: () => this.challenge(p.name), disabled: p.status === 'playing', 'aria-label': `challenge ${p.name}`, text: 'Challenge' }) : null)));
    this.countsEl.textContent = `${L.playersOnline} online · ${L.gamesRunning} games running`;
    const games = [...L.games.values()].filter((g) => !g.result).sort((a, b) => b.game_id - a.game_id);
    fill(this.gamesEl, games.map((g) => h('li', { 'data-game': g.game_id },
      h('span', { class: 'grow' }, `${g.black.name} – ${g.white.name}`, h('span', { class: 'muted', text: ` ${ruleName(g.rule)} ${g.size}×${g.size}, ${timeText(g.time)}${g.rated ? ', rated' : ''}` }),
        g.watchers ? h('span', { class: 'watchers', text: ` · ${g.watchers} watching` }) : null),
      h('button', { type: 'button', class: 'watch', onclick: () => app.watch(g.game_id), 'aria-label': `watch ${g.black.name} against ${g.white.name}`, text: g.black.name === me || g.white.name === me ? 'Open' : 'Watch' }))));
    if (!games.length) this.gamesEl.append(h('li', { class: 'muted', text: 'No games running.' }));
    if (this.chatEpoch !== L.chatEpoch) {
      this.chatEpoch = L.chatEpoch;
      this.chatShown = 0;
      this.chatLog.replaceChildren();
    }
    for (; this.chatShown < L.chat.length; this.chatShown++) {
      const c = L.chat[this.chatShown];
      this.chatLog.append(h('li', { title: when(c.at) }, h('b', { text: c.from }), ' ', c.text));
    }
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  key(e) {
    if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = ['1', '2', '3', '4'].indexOf(e.key);
    if (i >= 0 && BOTS[i]) this.challenge(BOTS[i].id);
    else if (e.key === 'q') this.seek();
    else if (e.key === 'c') {
      e.preventDefault();
      this.chatInput.focus();
    } else if (e.key === 'n') {
      e.preventDefault();
      this.rule.focus();
    }
  }
}

/** colorNote says which colour the player gets (with an opening rule: who opens). @param {any} c @param {string} me */
function colorNote(c, me) {
  const col = c.settings.color || 'random';
  const open = (c.settings.opening || defaultOpening(c.settings.rule)) !== 'none';
  if (col === 'random') return open ? ', random opener' : ', random colours';
  const mine = c.from === me ? col : col === 'black' ? 'white' : 'black';
  if (open) return mine === 'black' ? ', you open' : ', they open';
  return `, you play ${mine}`;
}
