// The websocket connection: requests with ids answered by exactly one reply,
// events dispatched by type, and reconnection with backoff. The URL is always
// this page's own origin (/ws), so the server's origin check passes and no
// other site's page can use the connection.

/** A failed request: the server's error code and message. */
export class RequestError extends Error {
  /** @param {string} code @param {string} message @param {string} [kind] */
  constructor(code, message, kind) {
    super(message || code);
    this.code = code;
    this.kind = kind || '';
  }
}

const MAX_BACKOFF = 3000;

export class Conn {
  constructor() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.url = `${proto}//${location.host}/ws`;
    this.nextId = 1;
    /** @type {Map<string, {resolve: Function, reject: Function}>} */
    this.pending = new Map();
    /** @type {Map<string, Function[]>} */
    this.handlers = new Map();
    /** @type {WebSocket|null} */
    this.ws = null;
    this.ready = false;
    this.backoff = 300;
    this.timer = 0;
  }

  /** on registers fn for frames (events) of type; "open" and "close" are the connection's. */
  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push(fn);
  }

  emit(type, msg) {
    for (const fn of this.handlers.get(type) || []) {
      try {
        fn(msg);
      } catch (e) {
        console.error(type, e);
      }
    }
  }

  /** open connects, says hello and emits "open"; after a drop it reconnects by itself. */
  open() {
    clearTimeout(this.timer);
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = async () => {
      try {
        await this.request('hello', { version: 1, client: 'gomoku-web/1' }, true);
        this.backoff = 300;
        this.ready = true;
        this.emit('open');
      } catch (e) {
        this.emit('fatal', e);
      }
    };
    ws.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return;
      }
      const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
      if (p) {
        this.pending.delete(m.id);
        if (m.type === 'error') p.reject(new RequestError(m.code, m.message, m.kind));
        else p.resolve(m);
        return;
      }
      this.emit(m.type, m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ready = false;
      for (const p of this.pending.values()) p.reject(new RequestError('disconnected', 'not connected to the server'));
      this.pending.clear();
      this.emit('close');
      this.timer = setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF);
    };
  }

  /**
   * request sends a request and resolves with its reply, or rejects with a
   * RequestError (code "disconnected" when there is no connection).
   * @param {string} type
   * @param {Object} [fields]
   * @returns {Promise<any>}
   */
  request(type, fields = {}, early = false) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || (!this.ready && !early)) {
      return Promise.reject(new RequestError('disconnected', 'not connected to the server'));
    }
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ ...fields, type, id }));
    });
  }
}
