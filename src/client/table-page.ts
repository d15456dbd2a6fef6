/**
 * The table page (`/<game>/table/`): the reader's setup and recorded rulings as one link (`[data-table-link]`) and a QR
 * code of it (`[data-table-qr]`). Opening such a link (the setup and rulings in its fragment) asks once before anything
 * changes: "Use it" saves the link's whole setup and its rulings (rulings for notes that no longer exist are dropped);
 * "Keep mine" changes nothing. A link longer than the page accepts is refused whole, with a message.
 */
import { MAX_TABLE_FRAGMENT, readTableFragment, tableFragment } from '../lib/table-link';
import { drawQr } from './qr';
import { announceOptions, onRestored, optionState, showSetup, toast } from './rules';
import { defaultSettings, describeSettings, parseSettings, setupQuery } from '../lib/options';
import { wordedGame } from './option-words';
import { cleanRulings, readRulings, writeRulings, type Ruling } from './saved-rulings';
import { shareLink } from './share';
import { writeSaved } from './storage';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The game's unclear notes that rulings can be kept on, by key (`slug#id`) with their rule's title. */
function knownNotes(): Map<string, string> {
  const items = Array.from(document.querySelectorAll<HTMLElement>('#table-notes [data-key]'));
  return new Map(items.map((li) => [li.dataset.key!, li.dataset.title ?? '']));
}

function rulingItem(title: string, ruling: Ruling): HTMLLIElement {
  const li = document.createElement('li');
  const b = document.createElement('strong');
  b.textContent = `${title}: `;
  li.append(b, ruling.text);
  return li;
}

/** Draws the table link and its QR code (again when the options or a back/forward restore change them); offers a link's. */
export function startTablePage(): void {
  const state = optionState();
  if (!state) return;
  const gameId = state.game.id;
  const notes = knownNotes();
  const link = document.querySelector<HTMLAnchorElement>('[data-table-link]')!;
  const qr = document.querySelector<HTMLElement>('[data-table-qr]')!;
  const status = document.getElementById('table-status')!;
  const list = document.getElementById('table-rulings')!;
  /** Only rulings on notes of this game that still exist. */
  const keep = (rulings: Record<string, Ruling>) => Object.fromEntries(Object.entries(rulings).filter(([k]) => notes.has(k)));

  let url = '';
  const render = () => {
    const rulings = keep(readRulings(gameId));
    const keys = Object.keys(rulings);
    list.replaceChildren(...keys.map((k) => rulingItem(notes.get(k)!, rulings[k]!)));
    document.getElementById('table-rulings-none')!.hidden = keys.length > 0;
    const fragment = tableFragment(setupQuery(state.game, state.shown), rulings);
    const tooLong = fragment.length > MAX_TABLE_FRAGMENT;
    url = tooLong ? '' : `${location.origin}/${gameId}/table/#${fragment}`;
    link.hidden = tooLong;
    link.href = url || '#';
    link.textContent = url;
    status.textContent = tooLong
      ? `Your rulings make the link too long to share (${fragment.length} characters, at most ${MAX_TABLE_FRAGMENT}). ` +
        'Shorten your own rulings on the Unclear rules page.'
      : `The link holds your setup and ${plural(keys.length, 'ruling')}.`;
    if (tooLong) qr.replaceChildren();
    else void drawQr(qr, url, 'QR code of the table link');
  };
  render();
  onRestored(render);
  document.addEventListener('rules:options', render);
  const share = (e: Event) => {
    e.preventDefault();
    if (!url) return;
    void shareLink(document.title, url, {
      share: navigator.share ? (d) => navigator.share(d) : undefined,
      copy: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
      prompt: (m, v) => void window.prompt(m, v),
      toast,
    });
  };
  link.addEventListener('click', share);
  document.getElementById('table-share')?.addEventListener('click', share);

  const offer = incomingOffer(state, notes, render);
  offer();
  // A table link opened while this page is already open only changes the fragment.
  window.addEventListener('hashchange', offer);
}

/** The check for a table link in the address: asks once, in a dialog, before using its setup and rulings. */
function incomingOffer(state: NonNullable<ReturnType<typeof optionState>>, notes: Map<string, string>, render: () => void): () => void {
  const dialog = document.getElementById('table-import') as HTMLDialogElement;
  const status = document.getElementById('table-status')!;
  const dropHash = () => history.replaceState(history.state, '', location.pathname + location.search);
  let incoming: { settings: Record<string, boolean | string | string[]>; rulings: Record<string, Ruling> } | undefined;
  const close = () => {
    incoming = undefined;
    if (dialog.open) dialog.close();
    dropHash();
  };
  document.getElementById('table-use')!.addEventListener('click', () => {
    if (!incoming) return close();
    const { settings, rulings } = incoming;
    const n = Object.keys(rulings).length;
    writeSaved(state.game, settings);
    writeRulings(state.game.id, { ...readRulings(state.game.id), ...rulings });
    state.saved = { ...settings };
    state.fromUrl = {};
    state.shown = { ...settings };
    showSetup(state);
    close();
    announceOptions();
    render();
    toast(n ? `Table setup and ${plural(n, 'ruling')} saved` : 'Table setup saved');
  });
  document.getElementById('table-keep')!.addEventListener('click', close);
  dialog.addEventListener('cancel', () => {
    incoming = undefined;
    dropHash();
  });

  return () => {
    if (location.hash.length <= 1) return;
    const read = readTableFragment(location.hash);
    if (read === 'too-long') {
      dropHash();
      const length = location.hash.length - 1;
      status.textContent = `That table link is too long (${length} characters, at most ${MAX_TABLE_FRAGMENT}): nothing was changed.`;
      toast('Link too long: nothing changed');
      return;
    }
    const named = parseSettings(state.game, read.params);
    const all = cleanRulings(read.rulings);
    // A fragment that names no option and holds no ruling is not a table link (e.g. the skip link's #main).
    if (!Object.keys(named).length && !Object.keys(all).length) return;
    const rulings = Object.fromEntries(Object.entries(all).filter(([k]) => notes.has(k)));
    const dropped = Object.keys(all).length - Object.keys(rulings).length;
    const settings = { ...defaultSettings(state.game), ...named };
    const n = Object.keys(rulings).length;
    const question = n ? `Use this table's setup and its ${plural(n, 'ruling')}?` : "Use this table's setup?";
    document.getElementById('table-import-title')!.textContent = question;
    const worded = wordedGame(state.game);
    // Without the worded options (never on the built page) the setup is named as its link names it.
    const setup = worded ? describeSettings(worded, settings) : setupQuery(state.game, settings);
    document.getElementById('table-import-setup')!.textContent = `Setup: ${setup}.`;
    const items = Object.keys(rulings).map((k) => rulingItem(notes.get(k)!, rulings[k]!));
    document.getElementById('table-import-list')!.replaceChildren(...items);
    document.getElementById('table-import-dropped')!.textContent = dropped
      ? `${plural(dropped, 'ruling')} for rules that no longer exist left out.`
      : '';
    document.getElementById('table-import-note')!.textContent = n ? 'Your own rulings on other points stay.' : '';
    incoming = { settings, rulings };
    if (!dialog.open) dialog.showModal();
  };
}
