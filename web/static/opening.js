// The opening phases of a game (docs/protocol.md, "Openings"): the panel
// that says what is due and from whom, offers the acting player the
// phase's choices as buttons with keys, collects the fifth moves picked on
// the board for an offer, and shows the server's refusals. The server is
// authoritative: the panel checks nothing itself, it sends opening_action
// and shows what comes back.
import { h, fill } from './dom.js';
import { openingName, parsePoint } from './rules.js';

/** stoneColor is the colour of the stone placed as number n+1 (stones alternate, black first). */
const stoneColor = (n) => (n % 2 === 0 ? 'black' : 'white');

/** Words for the server's refusal kinds (protocol error kind of bad_opening). */
const REFUSALS = {
  'outside-area': 'Outside the allowed area',
  occupied: 'That point is taken',
  symmetric: 'Symmetric fifth moves: offer no two that are alike',
  'wrong-count': 'Wrong number',
  'wrong-action': 'Not an action of this phase',
  'no-swap': 'No swap is allowed now',
  'not-offered': 'That move was not offered',
  finished: 'The opening is over',
};

/**
 * refusalText puts a refused action in words: the kind's words and the
 * server's detail ("opening: offer refused (symmetric): g8 and i8 are
 * symmetric in this position"), its area ("h8-h8") in words.
 * @param {{code?: string, kind?: string, message: string}} e
 * @param {number} n the board's size
 */
export function refusalText(e, n) {
  if (e.code === 'not_your_turn') return 'Not your turn in the opening.';
  const words = REFUSALS[e.kind];
  if (!words) return e.message;
  const detail = e.message.replace(/^opening: .*?\): /, '').replace(/is outside ([a-z]\d+-[a-z]\d+)$/, (_, a) => `is not in ${areaText(a, n)}`);
  return `${words}: ${detail}.`;
}

/** areaText is an area like "f6-j10" in words, for a board of size n. */
export function areaText(area, n) {
  const m = /^([a-z]\d+)-([a-z]\d+)$/.exec(area || '');
  if (!m) return '';
  const [x0, y0] = parsePoint(m[1]), [x1, y1] = parsePoint(m[2]);
  if (x0 === x1 && y0 === y1) return `the centre point ${m[1]}`;
  if (x0 === 0 && y0 === 0 && x1 === n - 1 && y1 === n - 1) return 'the whole board';
  return `the ${x1 - x0 + 1}×${y1 - y0 + 1} square ${m[1]}–${m[2]}`;
}

/** title is what a phase asks for, in words. @param {any} p */
function title(p) {
  switch (p.kind) {
    case 'place': {
      const n = p.stones.length;
      return `Place stone ${n + 1} (${stoneColor(n)})`;
    }
    case 'swap': return 'Swap colours or keep them';
    case 'swap2-choice': return 'Play black, play white, or place two more stones';
    case 'color-choice': return 'Choose a colour';
    case 'declare': return 'Declare how many fifth moves black offers (1–8)';
    case 'branch': return 'The fifth move: place one within 9×9, or offer ten';
    case 'offer': return `Offer ${p.count} fifth move${p.count === 1 ? '' : 's'}, no two symmetric`;
    case 'choose': return `Choose one of the ${p.offers.length} offered fifth moves`;
  }
  return p.kind;
}

/**
 * choices are the buttons of a phase: [action text, label, id] in key
 * order (1, 2, 3...). place and offer are made on the board.
 * @param {any} p
 * @returns {[string, string, string][]}
 */
function choices(p) {
  switch (p.kind) {
    case 'swap': return [['swap', 'Swap colours', 'ph-swap'], ['stay', 'Keep colours', 'ph-stay']];
    case 'swap2-choice': return [['black', 'Play black', 'ph-black'], ['white', 'Play white, place the 4th', 'ph-white'], ['two', 'Place two more', 'ph-two']];
    case 'color-choice': return [['black', 'Play black', 'ph-black'], ['white', 'Play white', 'ph-white']];
    case 'declare': return [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`declare ${n}`, String(n), `ph-declare-${n}`]);
    case 'branch': return [['branch-place', 'Place the 5th in 9×9', 'ph-branch-place'], ['branch-offer', 'Offer ten fifths', 'ph-branch-offer']];
    case 'choose': return p.offers.map((o) => [`choose ${o}`, o, `ph-choose-${o}`]);
  }
  return [];
}

/** digit is the key of the i-th choice: 1..9, then 0. */
const digit = (i) => (i < 9 ? String(i + 1) : i === 9 ? '0' : '');

/** The opening panel of a game screen. */
export class OpeningPanel {
  /** @param {any} view the GameView */
  constructor(view) {
    this.view = view;
    /** @type {string[]} fifth moves picked for an offer, in order */
    this.picks = [];
    this.error = '';
    this.el = h('div', { class: 'phase', id: 'phase', role: 'region', 'aria-label': 'opening', hidden: true });
  }

  get g() {
    return this.view.g;
  }

  /** acting reports whether this player acts in the current phase. */
  get acting() {
    const g = this.g;
    return !!g.phase && !!g.you && g.phase.color === g.you && !g.result;
  }

  /** changed: a new phase began (an opening action was applied): the picks and the last refusal go. */
  changed() {
    this.picks = [];
    this.error = '';
  }

  /** boardState is what the board shows of the phase: the area, the picked or offered moves. */
  boardState() {
    const p = this.g.phase;
    if (!p) return {};
    // Marks carry no number: the opening's stones are numbered.
    const marks = p.kind === 'choose' ? p.offers.map((o) => ({ point: o, kind: 'offer' }))
      : p.kind === 'offer' && this.acting ? this.picks.map((o) => ({ point: o, kind: 'pick' })) : [];
    const onBoard = p.kind === 'place' || p.kind === 'offer' || p.kind === 'choose';
    return { area: p.kind === 'place' || p.kind === 'offer' ? p.area || '' : '', marks, numbers: true, tentative: true, playable: this.acting && onBoard };
  }

  update() {
    const g = this.g, p = g.phase;
    this.el.hidden = !p;
    if (!p) return;
    const you = (name) => (g.you && g.info[g.you].name === name ? `${name} (you)` : name);
    Object.assign(this.el.dataset, { kind: p.kind, player: p.player, area: p.area || '', count: String(p.count || 0) });
    const lines = [
      h('p', { class: 'phase-title' }, h('b', { text: `${openingName(p.opening)} · ` }), title(p)),
      h('p', { class: 'phase-who', id: 'phase-who', text: `${this.acting ? 'You act' : `${you(p.player)} acts`}, holding ${p.color}. Black now: ${you(p.black)}.` }),
    ];
    if (p.area && (p.kind === 'place' || p.kind === 'offer')) {
      const where = areaText(p.area, g.size);
      lines.push(h('p', { class: 'phase-note', id: 'phase-area', text: `Allowed: ${where}${where.startsWith('the whole') ? '' : ' (shaded)'}.` }));
    }
    if (p.declared) lines.push(h('p', { class: 'phase-note', text: `Declared: ${p.declared} fifth move${p.declared === 1 ? '' : 's'}.` }));
    if (this.acting) lines.push(this.controls(p));
    else if (g.you) lines.push(h('p', { class: 'muted', text: 'Waiting for their decision.' }));
    if (this.error) lines.push(h('p', { class: 'phase-error', id: 'phase-error', role: 'alert', text: this.error }));
    // Redrawn on every event: keep the keyboard's place on a button.
    const focus = this.el.contains(document.activeElement) ? document.activeElement.id : '';
    fill(this.el, lines);
    const again = focus && this.el.querySelector(`#${focus}`);
    if (again instanceof HTMLElement) again.focus();
  }

  /** controls are the acting player's choices: buttons, or what to do on the board. @param {any} p */
  controls(p) {
    if (p.kind === 'place') return h('p', { class: 'phase-hint', text: 'Tap a point on the board (or arrows, then Enter).' });
    if (p.kind === 'offer') {
      const need = p.count - this.picks.length;
      const status = need > 0 ? `${this.picks.length} picked, ${need} still needed.` : need === 0 ? 'All picked: send the offer.' : `${-need} too many: tap one to remove it.`;
      return h('div', { class: 'phase-offer' },
        h('p', { class: 'phase-need', id: 'phase-need', text: `Tap points on the board to pick them (tap again to remove). ${status}` }),
        h('div', { class: 'phase-actions' },
          h('button', { id: 'ph-send', type: 'button', class: 'primary', disabled: need !== 0, onclick: () => this.sendOffer() }, 'Send offer', h('kbd', { text: 'o' })),
          h('button', { id: 'ph-clear', type: 'button', disabled: !this.picks.length, onclick: () => this.clear() }, 'Clear', h('kbd', { text: 'x' }))));
    }
    const hint = p.kind === 'choose' ? h('p', { class: 'phase-hint', text: 'Tap an offered move (pale, ringed in red) or press its key.' }) : null;
    return [hint, h('div', { class: `phase-actions ${p.kind}` }, choices(p).map(([action, label, id], i) =>
      h('button', { id, type: 'button', 'data-action': action, 'aria-keyshortcuts': digit(i), onclick: () => this.send(action) }, label, h('kbd', { text: digit(i) }))))];
  }

  /**
   * click takes a board point while the opening runs: a stone placed, a
   * fifth move picked or unpicked, or an offered one chosen.
   * @param {string} pt
   */
  click(pt) {
    const p = this.g.phase;
    if (!this.g.you) return this.view.app.note('You are watching this game.');
    if (!this.acting) return this.view.app.note(`Waiting for ${p.player}.`);
    switch (p.kind) {
      case 'place': return this.send(`place ${pt}`);
      case 'choose':
        if (!p.offers.includes(pt)) return this.view.app.note(`Choose one of the offered moves: ${p.offers.join(', ')}.`);
        return this.send(`choose ${pt}`);
      case 'offer': {
        const i = this.picks.indexOf(pt);
        if (i >= 0) this.picks.splice(i, 1);
        else this.picks.push(pt);
        this.error = '';
        return this.view.update();
      }
    }
    return this.view.app.note('Choose with the buttons beside the board.');
  }

  clear() {
    this.picks = [];
    this.view.update();
  }

  sendOffer() {
    const p = this.g.phase;
    if (!p || this.picks.length !== p.count) return;
    this.send(`offer ${this.picks.join(' ')}`);
  }

  /** send sends an opening action; a refusal is shown in the panel, beside the choices. @param {string} action */
  async send(action) {
    try {
      await this.view.app.conn.request('opening_action', { game_id: this.g.id, action });
    } catch (e) {
      this.error = refusalText(e, this.g.size);
      this.view.update();
    }
  }

  /**
   * key handles the phase's keys: the digits pick a choice, o sends an
   * offer, x clears the picks. It reports whether it used the key.
   * @param {KeyboardEvent} e
   */
  key(e) {
    if (!this.acting) return false;
    if (e.key === 'o') {
      this.sendOffer();
      return true;
    }
    if (e.key === 'x') {
      this.clear();
      return true;
    }
    const b = /^[0-9]$/.test(e.key) && this.el.querySelector(`.phase-actions button[aria-keyshortcuts="${e.key}"]`);
    if (!b) return false;
    b.click();
    return true;
  }
}
