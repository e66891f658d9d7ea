// The game options the app offers, in one place: rules, opening rules,
// board sizes, clocks, colours and bots.

/**
 * RULES are the rules the server plays, each rated on its own. sizes, when
 * set, are the only board sizes the server accepts for the rule.
 * @type {{id: string, name: string, hint: string, sizes?: number[]}[]}
 */
export const RULES = [
  { id: 'freestyle', name: 'Freestyle', hint: 'five or more in a row wins' },
  { id: 'standard', name: 'Standard', hint: 'exactly five wins' },
  { id: 'renju', name: 'Renju', hint: 'black may not make double-three, double-four or overline; 15×15 only', sizes: [15] },
  { id: 'caro', name: 'Caro', hint: 'exactly five, not blocked by the opponent at both ends' },
];

export const SIZES = [15, 19, 13, 9, 20];

/**
 * OPENINGS are the opening rules (docs/protocol.md, "Openings"), each with
 * the rules it goes with; the first that fits a rule is the server's default
 * for it. "none" goes with every rule.
 * @type {{id: string, name: string, hint: string, rules?: string[]}[]}
 */
export const OPENINGS = [
  { id: 'swap2', name: 'Swap2', hint: 'three stones placed, then the other player picks a colour or places two more', rules: ['freestyle', 'standard', 'caro'] },
  { id: 'soosorv-8', name: 'Soosõrv-8', hint: 'a canonical opening, swaps, then up to 8 fifth moves offered', rules: ['renju'] },
  { id: 'taraguchi-10', name: 'Taraguchi-10', hint: 'four stones in growing squares with swaps, then one fifth in 9×9 or ten offered', rules: ['renju'] },
  { id: 'none', name: 'None', hint: 'black simply plays first' },
];

/** openingFits reports whether the server plays opening with rule. @param {string} opening @param {string} rule */
export function openingFits(opening, rule) {
  const o = OPENINGS.find((x) => x.id === opening);
  return !!o && (!o.rules || o.rules.includes(rule));
}

/** defaultOpening is the server's default opening for rule. @param {string} rule */
export const defaultOpening = (rule) => OPENINGS.find((o) => openingFits(o.id, rule)).id;

/** @param {string} id */
export const openingName = (id) => (OPENINGS.find((o) => o.id === (id || 'none')) || { name: id }).name;

/** ruleFits reports whether the server plays rule on a size×size board. @param {string} rule @param {number} size */
export function ruleFits(rule, size) {
  const r = RULES.find((x) => x.id === rule);
  return !r || !r.sizes || r.sizes.includes(size);
}

/** Time controls offered in the menu; "custom" lets the player type one. */
export const TIMES = [
  { id: '10+5', name: '10 min + 5 s' },
  { id: '5+3', name: '5 min + 3 s' },
  { id: '3+2', name: '3 min + 2 s' },
  { id: '1+1', name: '1 min + 1 s' },
  { id: '15', name: '15 min' },
  { id: '30m/60s', name: '30 min, then 60 s byo-yomi' },
  { id: 'none', name: 'no clock' },
];

/** COLORS: the challenger's colour; with an opening rule, the one they open with (opens). */
export const COLORS = [
  { id: 'random', name: 'random colour', opens: 'random' },
  { id: 'black', name: 'I play black', opens: 'I open' },
  { id: 'white', name: 'I play white', opens: 'they open' },
];

export const BOTS = [
  { id: 'bot:easy', name: 'Easy' },
  { id: 'bot:medium', name: 'Medium' },
  { id: 'bot:hard', name: 'Hard' },
  { id: 'bot:max', name: 'Max' },
];

/** @param {string} id */
export const ruleName = (id) => (RULES.find((r) => r.id === id) || { name: id }).name;

/**
 * parseTime reads the notation of the terminal client: "10+5" (minutes +
 * seconds increment), "15", "30m/60s" (byo-yomi), "90s+2", "none".
 * @param {string} text
 * @returns {{main_ms?: number, increment_ms?: number, byoyomi_ms?: number}}
 * @throws {Error} for a malformed time control
 */
export function parseTime(text) {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'none' || t === '0' || t === '-') return {};
  const part = (s, unit) => {
    s = s.trim();
    const m = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(s);
    if (!m) throw new Error(`bad time control "${text}" (like 10+5, 30m/60s or none)`);
    const u = m[2] === 's' ? 1000 : m[2] === 'm' ? 60000 : m[2] === 'h' ? 3600000 : unit;
    return Math.round(parseFloat(m[1]) * u);
  };
  let tc;
  if (t.includes('/')) {
    const [a, b] = t.split('/', 2);
    tc = { main_ms: part(a, 60000), byoyomi_ms: part(b, 1000) };
  } else if (t.includes('+')) {
    const [a, b] = t.split('+', 2);
    tc = { main_ms: part(a, 60000), increment_ms: part(b, 1000) };
  } else {
    tc = { main_ms: part(t, 60000) };
  }
  for (const k of Object.keys(tc)) if (!tc[k]) delete tc[k];
  if (!tc.main_ms && !tc.byoyomi_ms) throw new Error(`bad time control "${text}": no time at all`);
  return tc;
}

/** timeText is the short form of a time control. @param {any} tc */
export function timeText(tc) {
  if (!tc || (!tc.main_ms && !tc.byoyomi_ms)) return 'no clock';
  const d = (ms) => (ms % 60000 === 0 ? `${ms / 60000}m` : `${ms / 1000}s`);
  if (tc.byoyomi_ms) return `${d(tc.main_ms || 0)}/${tc.byoyomi_ms / 1000}s`;
  if (tc.increment_ms) return `${d(tc.main_ms)}+${tc.increment_ms / 1000}s`;
  return d(tc.main_ms);
}

/** settingsText describes a challenge's settings. @param {any} st */
export function settingsText(st) {
  const size = st.size || 15;
  const op = st.opening || defaultOpening(st.rule);
  return `${ruleName(st.rule)} ${size}×${size}, ${op === 'none' ? 'no opening rule' : openingName(op)}, ${timeText(st.time)}${st.rated ? ', rated' : ', casual'}`;
}

const REASONS = {
  five: 'five in a row', 'full-board': 'full board', resign: 'resignation', timeout: 'time',
  agreement: 'agreement', abandon: 'abandonment', aborted: 'aborted',
};

/** resultText is a game result in words. @param {any} r @param {any} [game] */
export function resultText(r, game) {
  if (!r) return '';
  if (r.reason === 'aborted') return 'Game aborted';
  if (!r.winner) return `Draw (${REASONS[r.reason] || r.reason})`;
  const who = game ? `${game[r.winner].name} (${r.winner})` : r.winner;
  return `${who} wins by ${REASONS[r.reason] || r.reason}`;
}

/** @param {string} c */
export const other = (c) => (c === 'black' ? 'white' : 'black');

/** @param {string} p "h8" @returns {[number, number]} column, row from 0 (row 0 at the bottom) */
export function parsePoint(p) {
  return [p.charCodeAt(0) - 97, parseInt(p.slice(1), 10) - 1];
}

/** @param {number} x @param {number} y */
export const pointName = (x, y) => String.fromCharCode(97 + x) + (y + 1);
