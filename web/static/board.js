// The board: an SVG grid with coordinates, stones, the last-move mark, the
// winning line, renju forbidden points, a keyboard cursor and, during an
// opening, the allowed area and marked points (fifth moves picked or offered).
import { s } from './dom.js';
import { parsePoint, pointName } from './rules.js';

const CELL = 32;
const PAD = 30;

export class Board {
  /**
   * @param {number} size
   * @param {(p: string) => void} [onPlay] called with a point like "h8"
   */
  constructor(size, onPlay) {
    this.size = size;
    this.onPlay = onPlay;
    this.cursor = [Math.floor(size / 2), Math.floor(size / 2)];
    const full = PAD * 2 + CELL * (size - 1);
    this.el = s('svg', {
      viewBox: `0 0 ${full} ${full}`, class: 'board', role: 'grid', tabindex: 0, 'data-size': size,
      'aria-label': `board ${size} by ${size}; arrow keys move, Enter plays`,
    });
    this.el.append(this.grid());
    this.layer = s('g', { class: 'layer' });
    this.el.append(this.layer);
    this.el.addEventListener('click', (e) => this.click(e));
    this.el.addEventListener('keydown', (e) => this.key(e));
    this.el.addEventListener('focus', () => { this.focused = true; this.draw(); });
    this.el.addEventListener('blur', () => { this.focused = false; this.draw(); });
    this.state = { moves: [], last: '', line: [], forbidden: [], playable: false, turn: 'black' };
  }

  /** pixel centre of column x, row y (row 0 at the bottom). */
  xy(x, y) {
    return [PAD + x * CELL, PAD + (this.size - 1 - y) * CELL];
  }

  grid() {
    const g = s('g', { class: 'grid' });
    const n = this.size, end = PAD + CELL * (n - 1);
    g.append(s('rect', { x: PAD - 18, y: PAD - 18, width: end - PAD + 36, height: end - PAD + 36, class: 'wood', rx: 4 }));
    for (let i = 0; i < n; i++) {
      const p = PAD + i * CELL;
      g.append(s('line', { x1: PAD, y1: p, x2: end, y2: p }), s('line', { x1: p, y1: PAD, x2: p, y2: end }));
      const [cx] = this.xy(i, 0), [, cy] = this.xy(0, i);
      g.append(s('text', { x: cx, y: end + 26, class: 'coord', text: String.fromCharCode(97 + i) }));
      g.append(s('text', { x: 10, y: cy + 4, class: 'coord', text: i + 1 }));
    }
    const c = Math.floor(n / 2), o = n >= 13 ? 3 : 2;
    const stars = n >= 9 ? [[c, c], [o, o], [n - 1 - o, o], [o, n - 1 - o], [n - 1 - o, n - 1 - o]] : [[c, c]];
    for (const [x, y] of stars) {
      const [px, py] = this.xy(x, y);
      g.append(s('circle', { cx: px, cy: py, r: 3, class: 'star' }));
    }
    return g;
  }

  /**
   * set draws a position. area ("f6-j10", corners included) is shaded;
   * marks are points drawn as pale stones: kind "pick" (a fifth move being
   * picked) or "offer" (one offered).
   * tentative marks the stones as an opening's, not yet final.
   * @param {{moves: string[], line?: string[], forbidden?: string[], playable?: boolean, turn?: string, numbers?: boolean,
   *   tentative?: boolean, area?: string, marks?: {point: string, kind: string}[]}} st
   */
  set(st) {
    this.state = { line: [], forbidden: [], playable: false, turn: 'black', numbers: false, area: '', marks: [], ...st };
    this.draw();
  }

  /** areaRect is the shaded rectangle of an area like "f6-j10", or null for none or the whole board. */
  areaRect(area) {
    const m = /^([a-z]\d+)-([a-z]\d+)$/.exec(area || '');
    if (!m) return null;
    const [x0, y0] = parsePoint(m[1]), [x1, y1] = parsePoint(m[2]);
    if (x0 === 0 && y0 === 0 && x1 === this.size - 1 && y1 === this.size - 1) return null;
    const [px0, py0] = this.xy(x0, y1), [px1, py1] = this.xy(x1, y0), r = CELL / 2;
    return s('rect', { x: px0 - r, y: py0 - r, width: px1 - px0 + 2 * r, height: py1 - py0 + 2 * r, rx: 6, class: 'area', 'data-area': area });
  }

  draw() {
    const st = this.state;
    // The layer is replaced on every draw, focus included: a tap must not
    // start on one of its shapes, or the shape is gone before the tap ends
    // and the browser sends no click (style.css: pointer-events none).
    const g = s('g', { class: 'layer' });
    const area = this.areaRect(st.area);
    if (area) g.append(area);
    const occupied = new Set(st.moves);
    st.moves.forEach((m, i) => {
      const [x, y] = parsePoint(m);
      const [px, py] = this.xy(x, y);
      const color = i % 2 === 0 ? 'black' : 'white';
      g.append(s('circle', { cx: px, cy: py, r: CELL * 0.45, class: `stone ${color}${st.tentative ? ' tentative' : ''}`, 'data-point': m, 'data-color': color }));
      if (st.numbers) g.append(s('text', { x: px, y: py + 4, class: `num on-${color}`, text: i + 1 }));
    });
    if (st.moves.length && !st.numbers) {
      const last = st.moves[st.moves.length - 1];
      const [x, y] = parsePoint(last);
      const [px, py] = this.xy(x, y);
      const color = st.moves.length % 2 === 1 ? 'black' : 'white';
      g.append(s('circle', { cx: px, cy: py, r: CELL * 0.14, class: `last on-${color}`, 'data-last': last }));
    }
    if (st.line && st.line.length) {
      const a = this.xy(...parsePoint(st.line[0])), b = this.xy(...parsePoint(st.line[st.line.length - 1]));
      g.append(s('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'winline' }));
    }
    for (const m of st.marks || []) {
      const [px, py] = this.xy(...parsePoint(m.point));
      g.append(s('circle', { cx: px, cy: py, r: CELL * 0.42, class: `mark ${m.kind}`, [`data-${m.kind}`]: m.point }));
    }
    for (const f of st.forbidden || []) {
      if (occupied.has(f)) continue;
      const [px, py] = this.xy(...parsePoint(f));
      const d = CELL * 0.22;
      g.append(s('path', { d: `M${px - d} ${py - d}L${px + d} ${py + d}M${px + d} ${py - d}L${px - d} ${py + d}`, class: 'forbidden', 'data-forbidden': f }));
    }
    if (this.focused) {
      const [px, py] = this.xy(...this.cursor);
      g.append(s('rect', { x: px - CELL / 2, y: py - CELL / 2, width: CELL, height: CELL, class: 'cursor', rx: 4 }));
    }
    if (st.playable) this.el.classList.add('playable');
    else this.el.classList.remove('playable');
    this.el.setAttribute('aria-label', `board ${this.size} by ${this.size}, cursor ${pointName(...this.cursor)}; arrow keys move, Enter plays`);
    this.layer.replaceWith(g);
    this.layer = g;
  }

  click(e) {
    const pt = this.el.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const ctm = this.el.getScreenCTM();
    if (!ctm) return;
    const p = pt.matrixTransform(ctm.inverse());
    const x = Math.round((p.x - PAD) / CELL), y = this.size - 1 - Math.round((p.y - PAD) / CELL);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return;
    this.cursor = [x, y];
    if (this.onPlay) this.onPlay(pointName(x, y));
  }

  key(e) {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (d) {
      e.preventDefault();
      this.focused = true;
      this.cursor = [Math.max(0, Math.min(this.size - 1, this.cursor[0] + d[0])), Math.max(0, Math.min(this.size - 1, this.cursor[1] + d[1]))];
      this.draw();
    } else if ((e.key === 'Enter' || e.key === ' ') && this.onPlay) {
      e.preventDefault();
      this.focused = true;
      this.onPlay(pointName(...this.cursor));
    }
  }
}
