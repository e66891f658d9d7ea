// Optional move sounds, synthesised with WebAudio: no audio files.
const KEY = 'gomoku.sound';
/** @type {AudioContext|null} */
let ctx = null;

export const soundOn = () => localStorage.getItem(KEY) === 'on';

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  if (on) play('move');
}

/** play a short sound: "move", "end" or "alert". @param {string} kind */
export function play(kind) {
  if (!soundOn()) return;
  try {
    ctx = ctx || new AudioContext();
    const t = ctx.currentTime;
    const notes = kind === 'end' ? [523, 659, 784] : kind === 'alert' ? [880, 660] : [300];
    notes.forEach((f, i) => {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.type = kind === 'move' ? 'triangle' : 'sine';
      o.frequency.value = f;
      const at = t + i * 0.12;
      g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, at + (kind === 'move' ? 0.09 : 0.25));
      o.connect(g).connect(ctx.destination);
      o.start(at);
      o.stop(at + 0.3);
    });
  } catch {
    // no audio: silence
  }
}
