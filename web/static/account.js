// Account settings (#account): change the password, the blocked players,
// and deleting the account. Accounts only: a guest has none of these.
import { h, fill } from './dom.js';

const link = (name) => h('a', { href: `#profile/${encodeURIComponent(name)}`, text: name, class: 'player' });

/**
 * loadBlocks fills app.blocks with the accounts the player blocks (empty
 * for a guest).
 * @param {any} app
 */
export async function loadBlocks(app) {
  app.blocks = new Set();
  if (!app.me || app.me.kind === 'guest') return;
  try {
    const r = await app.conn.request('get_blocks');
    app.blocks = new Set(r.names || []);
  } catch (e) {
    console.warn('get_blocks', e);
  }
}

/**
 * setBlock blocks or unblocks name and keeps app.blocks current; it
 * reports the outcome in a toast and resolves to whether it worked.
 * @param {any} app @param {string} name @param {boolean} on
 */
export async function setBlock(app, name, on) {
  try {
    await app.conn.request(on ? 'block' : 'unblock', { name });
    if (on) app.blocks.add(name);
    else app.blocks.delete(name);
    app.note(on ? `${name} is blocked: no challenges, chat or pairing between you.` : `${name} is no longer blocked.`);
    return true;
  } catch (e) {
    app.error(e.code === 'not_found' ? `No account named ${name}.` : e.message);
    return false;
  }
}

/** blockButton is a Block / Unblock toggle for name's account, or null. @param {any} app @param {string} name */
export function blockButton(app, name) {
  if (!app.me || app.me.kind === 'guest' || name === app.me.name) return null;
  const b = h('button', { type: 'button', id: 'profile-block' });
  const show = () => {
    const on = app.blocks.has(name);
    b.textContent = on ? `Unblock ${name}` : `Block ${name}`;
    b.setAttribute('aria-pressed', String(on));
  };
  b.addEventListener('click', async () => {
    await setBlock(app, name, !app.blocks.has(name));
    show();
  });
  show();
  return b;
}

export class AccountView {
  /** @param {any} app */
  constructor(app) {
    this.app = app;
    const me = app.me;
    if (me.kind === 'guest') {
      this.el = h('section', { class: 'page' }, h('div', { class: 'panel wide', id: 'account' },
        h('h2', { text: 'Account' }), h('p', { class: 'muted', text: 'Guests have no account: register to keep a password, ratings and blocks.' })));
      return;
    }
    const field = (label, input) => h('label', { class: 'field' }, h('span', { text: label }), input);
    const pw = (id, auto, label) => h('input', { id, type: 'password', autocomplete: auto, required: true, 'aria-label': label });

    // Change password.
    const oldPw = pw('pw-old', 'current-password', 'current password');
    const newPw = pw('pw-new', 'new-password', 'new password');
    const newPw2 = pw('pw-new2', 'new-password', 'new password again');
    const pwMsg = h('p', { class: 'form-msg', id: 'pw-msg', role: 'status' });
    const pwForm = h('form', {
      class: 'panel login', id: 'change-password', onsubmit: async (e) => {
        e.preventDefault();
        pwMsg.className = 'form-msg';
        if (newPw.value !== newPw2.value) {
          pwMsg.textContent = 'The two new passwords differ.';
          return;
        }
        if (newPw.value.length < 8) {
          pwMsg.textContent = 'The new password needs at least 8 characters.';
          return;
        }
        try {
          await app.conn.request('change_password', { old_password: oldPw.value, new_password: newPw.value });
          pwForm.reset();
          pwMsg.className = 'form-msg ok';
          pwMsg.textContent = 'Password changed.';
        } catch (err) {
          pwMsg.textContent = err.code === 'unauthorized' ? 'The current password is wrong.' : err.message;
        }
      },
    }, h('h2', { text: 'Change password' }), field('Current password', oldPw), field('New password', newPw), field('New password again', newPw2),
    h('button', { type: 'submit', class: 'primary', id: 'pw-submit', text: 'Change password' }), pwMsg);

    // Blocked players.
    this.blockList = h('ul', { class: 'list', id: 'blocks' });
    const who = h('input', { id: 'block-name', required: true, minLength: 3, maxLength: 24, placeholder: 'a player', autocomplete: 'off', 'aria-label': 'player to block' });
    const blockForm = h('form', {
      class: 'chat-form', onsubmit: async (e) => {
        e.preventDefault();
        const name = who.value.trim();
        if (name && await setBlock(app, name, true)) who.value = '';
        this.showBlocks();
      },
    }, who, h('button', { type: 'submit', id: 'block-submit', text: 'Block' }));
    const blocks = h('div', { class: 'panel login', id: 'blocks-panel' }, h('h2', { text: 'Blocked players' }),
      h('p', { class: 'muted', text: 'A blocked player cannot challenge you, is never paired with you, and you do not see their lobby chat.' }),
      this.blockList, blockForm);

    // Delete the account, after a second, explicit confirmation.
    const delPw = pw('delete-password', 'current-password', 'password');
    const delMsg = h('p', { class: 'form-msg', id: 'delete-msg', role: 'alert' });
    const delBtn = h('button', { type: 'submit', class: 'danger', id: 'delete-submit', text: 'Delete account' });
    let armed = 0;
    const disarm = () => {
      armed = 0;
      delBtn.textContent = 'Delete account';
    };
    const delForm = h('form', {
      class: 'panel login', id: 'delete-account', onsubmit: async (e) => {
        e.preventDefault();
        delMsg.textContent = '';
        if (!armed || Date.now() - armed > 8000) {
          armed = Date.now();
          delBtn.textContent = `Really delete ${me.name} for good? Click again`;
          return;
        }
        disarm();
        try {
          await app.conn.request('delete_account', { password: delPw.value });
          app.accountDeleted();
        } catch (err) {
          delMsg.textContent = err.code === 'unauthorized' ? 'Wrong password.' : err.code === 'conflict' ? 'Finish your running game first.' : err.message;
        }
      },
    }, h('h2', { text: 'Delete account' }),
    h('p', { class: 'muted', text: `Your finished games stay, under an anonymous name; the name ${me.name}, your ratings and your password are removed.` }),
    field('Password', delPw), delBtn, delMsg);
    delPw.addEventListener('input', disarm);

    this.el = h('section', { class: 'page account', id: 'account' }, h('h2', { class: 'page-title', text: `Account: ${me.name}` }), pwForm, blocks, delForm);
    this.showBlocks();
    loadBlocks(app).then(() => this.showBlocks());
  }

  showBlocks() {
    const app = this.app;
    const names = [...app.blocks].sort();
    fill(this.blockList, names.map((n) => h('li', { 'data-blocked': n }, h('span', { class: 'grow' }, link(n)),
      h('button', { type: 'button', class: 'unblock', 'aria-label': `unblock ${n}`, text: 'Unblock', onclick: async () => { await setBlock(app, n, false); this.showBlocks(); } }))));
    if (!names.length) this.blockList.append(h('li', { class: 'muted', text: 'Nobody.' }));
  }

  destroy() {}
  update() {}
}
