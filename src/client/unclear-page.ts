/**
 * The unclear-rules page: each note's ruling form is filled from and saved to this device (`rules:rulings:<game>`,
 * validated on read); "Share our rulings" shares a link holding them (`/<game>/unclear/#rulings=...`), and opening
 * such a link offers to use its rulings, never overwriting the reader's own without asking. Everything that comes
 * from storage or a link is shown as text.
 */
import { api, notSaved, onRestored, toast } from './rules';
import { decodeRulings, encodeRulings } from './rulings';
import { shareLink } from './share';
import type { Ruling } from './storage';

const HASH = '#rulings=';

interface Note {
  key: string;
  item: HTMLElement;
  title: string;
  readings: string[];
  radios: HTMLInputElement[];
  own: HTMLInputElement;
}

function readNotes(): Note[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-unclear][data-key]')).map((item) => ({
    key: item.dataset.key!,
    item,
    title: item.querySelector('h3')?.textContent?.trim() ?? '',
    readings: Array.from(item.querySelectorAll('[data-reading]')).map((s) => s.textContent ?? ''),
    radios: Array.from(item.querySelectorAll<HTMLInputElement>('input[type="radio"]')),
    own: item.querySelector<HTMLInputElement>('input[data-own]')!,
  }));
}

/** The reading a ruling names, if it is one of the note's (by index, checked against the text). */
function readingOf(note: Note, ruling: Ruling): number | undefined {
  if (ruling.reading !== undefined && note.readings[ruling.reading] === ruling.text) return ruling.reading;
  const i = note.readings.indexOf(ruling.text);
  return i >= 0 ? i : undefined;
}

function fill(note: Note, ruling: Ruling | undefined) {
  const reading = ruling && readingOf(note, ruling);
  for (const r of note.radios) r.checked = !!ruling && (reading === undefined ? r.value === 'own' : r.value === String(reading));
  note.own.value = ruling && reading === undefined ? ruling.text : '';
}

/** The ruling a note's form holds, or undefined when it holds none. */
function readForm(note: Note): Ruling | undefined {
  const picked = note.radios.find((r) => r.checked)?.value;
  if (picked === undefined) return undefined;
  if (picked === 'own') {
    const text = note.own.value.trim().slice(0, 300);
    return text ? { text } : undefined;
  }
  const i = Number(picked);
  return note.readings[i] ? { text: note.readings[i]!, reading: i } : undefined;
}

export function startUnclearPage(): void {
  const head = api();
  const game = document.body.dataset.game;
  if (!head || !game) return;
  const notes = readNotes();
  const byKey = new Map(notes.map((n) => [n.key, n]));
  /** Only rulings on this game's notes count; others (a note since removed) are kept in storage untouched. */
  const mine = () => Object.fromEntries(Object.entries(head.readRulings(game)).filter(([k]) => byKey.has(k)));
  const status = document.getElementById('rulings-status');
  const render = () => {
    const n = Object.keys(mine()).length;
    if (status) status.textContent = n ? `Your table has ruled on ${n} of ${notes.length} points.` : `No ruling recorded yet (${notes.length} points).`;
  };
  const save = (note: Note, ruling: Ruling | undefined) => {
    const all = head.readRulings(game);
    if (ruling) all[note.key] = ruling;
    else delete all[note.key];
    const stored = head.writeRulings(game, all);
    render();
    // Not kept (storage blocked or full): said where the page counts the rulings, and at once.
    if (!stored) {
      const message = notSaved(head, 'Ruling not saved', 'It is lost when you leave this page.');
      if (status) status.textContent = message;
      toast(message);
    }
  };
  const saved = mine();
  for (const note of notes) {
    fill(note, saved[note.key]);
    note.item.addEventListener('change', (e) => {
      const target = e.target as HTMLInputElement;
      if (target.type === 'radio' && target.value === 'own' && !note.own.value.trim()) {
        note.own.focus();
        return; // saved once there is text
      }
      save(note, readForm(note));
    });
    note.own.addEventListener('input', () => {
      const own = note.radios.find((r) => r.value === 'own');
      if (own && note.own.value.trim()) own.checked = true;
      if (own?.checked) save(note, readForm(note));
    });
    note.item.querySelector('[data-clear]')?.addEventListener('click', () => {
      fill(note, undefined);
      save(note, undefined);
      toast('Ruling cleared');
    });
  }
  render();
  onRestored(() => {
    const now = mine();
    for (const note of notes) fill(note, now[note.key]);
    render();
  });

  document.getElementById('rulings-share')?.addEventListener('click', () => {
    const rulings = mine();
    if (!Object.keys(rulings).length) {
      toast('Record a ruling first');
      return;
    }
    const url = `${location.origin}${location.pathname}${HASH}${encodeRulings(rulings)}`;
    void shareLink(`${document.querySelector('.bar .game-link')?.textContent?.trim() ?? ''} rulings`.trim(), url, {
      share: navigator.share ? (d) => navigator.share(d) : undefined,
      copy: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
      prompt: (m, v) => void window.prompt(m, v),
      toast,
    });
  });

  const offer = importOffer(head, game, byKey, (incoming) => {
    if (!head.writeRulings(game, { ...head.readRulings(game), ...incoming })) return false;
    const now = mine();
    for (const note of notes) fill(note, now[note.key]);
    render();
    return true;
  });
  offer();
  // A rulings link opened while this page is already open only changes the fragment.
  window.addEventListener('hashchange', offer);
}

/**
 * A link holding rulings (`#rulings=...`): lists them in a dialog and asks before using them. Rulings for notes not
 * on this page are ignored. Returns the check to run whenever the fragment may hold rulings.
 */
function importOffer(
  head: NonNullable<ReturnType<typeof api>>,
  game: string,
  byKey: Map<string, Note>,
  use: (rulings: Record<string, Ruling>) => boolean,
): () => void {
  const dialog = document.getElementById('rulings-import') as HTMLDialogElement | null;
  const dropHash = () => history.replaceState(history.state, '', location.pathname + location.search);
  let incoming: Record<string, Ruling> = {};
  const close = () => {
    dialog?.close();
    dropHash();
  };
  document.getElementById('import-use')?.addEventListener('click', () => {
    const n = Object.keys(incoming).length;
    const stored = use(incoming);
    close();
    const again = 'Open the link again once this browser lets the site store them.';
    toast(stored ? `${n} ruling${n === 1 ? '' : 's'} saved` : notSaved(head, 'Rulings not saved', again));
  });
  document.getElementById('import-cancel')?.addEventListener('click', close);
  dialog?.addEventListener('cancel', dropHash);

  return () => {
    if (!location.hash.startsWith(HASH)) return;
    incoming = Object.fromEntries(Object.entries(head.cleanRulings(decodeRulings(location.hash.slice(HASH.length)))).filter(([k]) => byKey.has(k)));
    const keys = Object.keys(incoming);
    if (!keys.length || !dialog) {
      dropHash();
      toast('This link holds no rulings for these rules');
      return;
    }
    const current = head.readRulings(game);
    const replaced = keys.filter((k) => current[k] && current[k]!.text !== incoming[k]!.text).length;
    document.getElementById('import-summary')!.textContent =
      `This link holds ${keys.length} ruling${keys.length === 1 ? '' : 's'}.` +
      (replaced ? ` Using them replaces ${replaced} of yours; your other rulings stay.` : ' Your own rulings stay.');
    document.getElementById('import-list')!.replaceChildren(
      ...keys.map((k) => {
        const li = document.createElement('li');
        const b = document.createElement('strong');
        b.textContent = `${byKey.get(k)!.title}: `;
        li.append(b, incoming[k]!.text);
        return li;
      }),
    );
    if (!dialog.open) dialog.showModal();
  };
}
