/**
 * The unclear-rules page: each note's ruling form is filled from and saved to this device (`rules:rulings:<game>`,
 * validated on read); "Share our rulings" shares a link holding them (`/<game>/unclear/#rulings=...`), and opening
 * such a link offers to use its rulings, never overwriting the reader's own without asking. Everything that comes
 * from storage or a link is shown as text. A filter narrows the notes.
 */
import { notSaved, onRestored, toast } from './rules';
import { cleanRulings, readRulings, writeRulings, type Ruling } from './saved-rulings';
import { decodeRulings, encodeRulings } from './rulings-link';
import { changedBeforeStart } from './early-input';
import { RULING_LOST, bindRulingForm, fillRulingForm, readRulingForm, type RulingForm } from './ruling-form';
import { attachFilter } from './filter';
import { shareLink } from './share';
import { filterStatus, rulingsData, rulingsLink, rulingsOffer, rulingsOnPage, rulingsSaved, rulingsStatus } from '../lib/unclear-rulings';

interface Note extends RulingForm {
  item: HTMLElement;
  title: string;
}

function readNotes(): Note[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-unclear][data-key]')).map((item) => ({
    ...readRulingForm(item, item.dataset.key!),
    item,
    title: item.querySelector('h3')?.textContent?.trim() ?? '',
  }));
}

/** The filter over the notes: by the rule's title, the setup it applies to and the note's text. */
function startFilter() {
  const input = document.getElementById('unclear-filter') as HTMLInputElement | null;
  if (!input) return;
  const text = (item: HTMLElement) => ['h3', '.applies', '.unclear'].map((s) => item.querySelector(s)?.textContent ?? '').join(' ');
  const groups = Array.from(document.querySelectorAll<HTMLElement>('[data-unclear-section]')).map((el) => ({
    el,
    items: Array.from(el.querySelectorAll<HTMLElement>('[data-unclear][data-key]')).map((item) => ({ el: item, text: text(item) })),
  }));
  attachFilter(input, groups, document.getElementById('unclear-filter-status'), filterStatus);
}

/** Starts the unclear-rules page: fills its ruling forms, counts the rulings, binds the filter, share and import. */
export function startUnclearPage(): void {
  const game = document.body.dataset.game;
  if (!game) return;
  const notes = readNotes();
  const byKey = new Map(notes.map((n) => [n.key, n]));
  const keys = new Set(byKey.keys());
  /** Only rulings on this game's notes count; others (a note since removed) are kept in storage untouched. */
  const mine = () => rulingsOnPage(readRulings(game), keys);
  const status = document.getElementById('rulings-status');
  const render = () => {
    if (status) status.textContent = rulingsStatus(Object.keys(mine()).length, notes.length);
  };
  const saved = mine();
  for (const note of notes) {
    // A reading picked or words typed while the page loaded: heard now, as if just done (saved by the form's handlers).
    const changed = new Set<Element>(changedBeforeStart(note.radios));
    const picked = note.radios.find((r) => r.checked && changed.has(r));
    const typed = note.own.value !== note.own.defaultValue;
    if (!picked && !typed) fillRulingForm(note, saved[note.key]);
    bindRulingForm(note, game, (stored) => {
      render();
      // Not kept (storage blocked or full): said where the page counts the rulings too.
      if (!stored && status) status.textContent = notSaved('Ruling not saved', RULING_LOST);
    });
    if (typed) note.own.dispatchEvent(new Event('input'));
    else picked?.dispatchEvent(new Event('change', { bubbles: true }));
  }
  render();
  onRestored(() => {
    const now = mine();
    for (const note of notes) fillRulingForm(note, now[note.key]);
    render();
  });
  startFilter();

  document.getElementById('rulings-share')?.addEventListener('click', () => {
    const rulings = mine();
    if (!Object.keys(rulings).length) {
      toast('Record a ruling first');
      return;
    }
    const url = rulingsLink(`${location.origin}${location.pathname}`, encodeRulings(rulings));
    void shareLink(`${document.querySelector('.bar .game-link')?.textContent?.trim() ?? ''} rulings`.trim(), url, {
      share: navigator.share ? (d) => navigator.share(d) : undefined,
      copy: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
      prompt: (m, v) => void window.prompt(m, v),
      toast,
    });
  });

  const offer = importOffer(game, byKey, (incoming) => {
    if (!writeRulings(game, { ...readRulings(game), ...incoming })) return false;
    const now = mine();
    for (const note of notes) fillRulingForm(note, now[note.key]);
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
function importOffer(game: string, byKey: Map<string, Note>, use: (rulings: Record<string, Ruling>) => boolean): () => void {
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
    toast(stored ? rulingsSaved(n) : notSaved('Rulings not saved', again));
  });
  document.getElementById('import-cancel')?.addEventListener('click', close);
  dialog?.addEventListener('cancel', dropHash);

  return () => {
    const data = rulingsData(location.hash);
    if (data === undefined) return;
    incoming = rulingsOnPage(cleanRulings(decodeRulings(data)), new Set(byKey.keys()));
    const { keys, summary } = rulingsOffer(incoming, readRulings(game));
    if (!keys.length || !dialog) {
      dropHash();
      toast('This link holds no rulings for these rules');
      return;
    }
    document.getElementById('import-summary')!.textContent = summary;
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
