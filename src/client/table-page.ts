/**
 * The table page (`/<game>/table/`): the reader's setup and recorded rulings as one link (`[data-table-link]`) and a QR
 * code of it (`[data-table-qr]`); when the link cannot be made, the share controls hide and the page names the rulings
 * to shorten. Opening such a link asks once before anything changes, saying what it would change and what of it
 * cannot be used (`src/lib/table-offer.ts` decides; this module renders): "Use it" saves the link's setup and rulings,
 * or nothing and says why, and one tap undoes it; "Keep mine" changes nothing.
 */
import {
  MAX_TABLE_FRAGMENT,
  decodeRulings,
  encodeRulings,
  readTableFragment,
  streamPacker,
  tableFragment,
  type LinkNote,
  type LinkRulings,
} from '../lib/table-link';
import {
  hasUse,
  isTableLink,
  nothingToUse,
  offerText,
  shareStatus,
  tableOffer,
  tooLongLink,
  tooLongToShare,
  toShorten,
  usedMessage,
  type TableOffer,
} from '../lib/table-offer';
import { drawQr } from './qr';
import { announceOptions, notSaved, onRestored, optionState, showSetup, toast } from './rules';
import { describeValue, formatOptionValue, setupQuery, type OptionValue } from '../lib/options';
import { wordedGame } from './option-words';
import { readRulings, writeRulings, type Ruling } from './saved-rulings';
import { readSaved } from './saved-setup';
import { shareLink } from './share';
import { readRaw, restoreRaw, rulingsKey, setupKey, writeSaved } from './storage';
import type { HeadState } from './head';

/** A note a ruling can be kept on: its rule's title and readings (`#table-notes`, in the page's order). */
interface Note extends LinkNote {
  title: string;
}

function readNotes(): Note[] {
  return Array.from(document.querySelectorAll<HTMLElement>('#table-notes [data-key]')).map((li) => {
    let readings: string[] = [];
    try {
      const parsed: unknown = JSON.parse(li.dataset.readings ?? '[]');
      if (Array.isArray(parsed)) readings = parsed.filter((r): r is string => typeof r === 'string');
    } catch {
      /* no readings: rulings on it travel as words */
    }
    return { key: li.dataset.key!, title: li.dataset.title ?? '', readings };
  });
}

function rulingItem(title: string, ruling: Ruling): HTMLLIElement {
  const li = document.createElement('li');
  const b = document.createElement('strong');
  b.textContent = `${title}: `;
  li.append(b, ruling.text);
  return li;
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Draws the table link and its QR code (again when the options or a back/forward restore change them); offers a link's. */
export function startTablePage(): void {
  const state = optionState();
  if (!state) return;
  const gameId = state.game.id;
  const notes = readNotes();
  const byKey = new Map(notes.map((n) => [n.key, n]));
  const link = document.querySelector<HTMLAnchorElement>('[data-table-link]')!;
  const qr = document.querySelector<HTMLElement>('[data-table-qr]')!;
  const figure = qr.closest('figure') ?? qr;
  const shareButton = byId('table-share');
  const status = byId('table-status');
  const list = byId('table-rulings');
  /** Only rulings on notes of this game that still exist. */
  const keep = (rulings: Record<string, Ruling>) => Object.fromEntries(Object.entries(rulings).filter(([k]) => byKey.has(k)));

  const packer = streamPacker();
  let url = '';
  let drawn = 0;
  const render = async () => {
    const turn = ++drawn;
    const rulings = keep(readRulings(gameId));
    const keys = Object.keys(rulings);
    list.replaceChildren(...keys.map((k) => rulingItem(byKey.get(k)!.title, rulings[k]!)));
    byId('table-rulings-none').hidden = keys.length > 0;
    const setup = setupQuery(state.game, state.shown);
    const fragmentOf = async (left: Record<string, Ruling>) =>
      tableFragment(setup, Object.keys(left).length ? await encodeRulings(left, notes, packer) : undefined);
    const fragment = await fragmentOf(rulings);
    if (turn !== drawn) return; // a newer drawing started meanwhile
    const tooLong = fragment.length > MAX_TABLE_FRAGMENT;
    url = tooLong ? '' : `${location.origin}/${gameId}/table/#${fragment}`;
    link.hidden = shareButton.hidden = figure.hidden = tooLong;
    link.href = url || '#';
    link.textContent = url;
    if (!tooLong) {
      status.textContent = shareStatus(keys.length);
      void drawQr(qr, url, 'QR code of the table link');
      return;
    }
    qr.replaceChildren();
    const own = keys.filter((k) => rulings[k]!.reading === undefined).map((k) => ({ key: k, length: rulings[k]!.text.length }));
    const without = async (drop: readonly string[]) =>
      (await fragmentOf(Object.fromEntries(keys.filter((k) => !drop.includes(k)).map((k) => [k, rulings[k]!])))).length;
    const shorten = await toShorten(own, without);
    if (turn !== drawn) return;
    status.textContent = tooLongToShare(
      fragment.length,
      shorten.map((k) => ({ title: byKey.get(k)!.title, length: rulings[k]!.text.length })),
    );
  };
  const redraw = () => void render();
  redraw();
  onRestored(redraw);
  document.addEventListener('rules:options', redraw);
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
  shareButton.addEventListener('click', share);

  const offer = incomingOffer(state, notes, redraw);
  void offer();
  // A table link opened while this page is already open only changes the fragment.
  window.addEventListener('hashchange', () => void offer());
}

/** What "Use it" changed, to undo it: storage as it was, and the reader's setup then. */
interface Before {
  setup: string | null;
  rulings: string | null;
}

/** The check for a table link in the address: asks once, in a dialog, before using its setup and rulings. */
function incomingOffer(state: HeadState, notes: readonly Note[], render: () => void): () => Promise<void> {
  const game = state.game;
  const dialog = byId<HTMLDialogElement>('table-import');
  const said = byId('table-incoming');
  const undo = byId<HTMLButtonElement>('table-undo');
  const dropHash = () => history.replaceState(history.state, '', location.pathname + location.search);
  const titles = new Map(notes.map((n) => [n.key, n.title]));
  let incoming: TableOffer | undefined;
  let before: Before | undefined;
  const close = () => {
    incoming = undefined;
    if (dialog.open) dialog.close();
    dropHash();
  };
  /** The reader's setup as storage has it now, on the page (the options CSS, every script that draws from it). */
  const adopt = () => {
    state.saved = readSaved(game);
    state.fromUrl = {};
    state.shown = { ...state.saved };
    showSetup(state);
    announceOptions();
    render();
  };
  byId('table-use').addEventListener('click', () => {
    const offer = incoming;
    if (!offer) return close();
    close();
    const was: Before = { setup: readRaw(setupKey(game.id)), rulings: readRaw(rulingsKey(game.id)) };
    const n = Object.keys(offer.rulings).length;
    let ok = !offer.settings || writeSaved(game, offer.settings);
    if (ok && n && !writeRulings(game.id, { ...readRulings(game.id), ...offer.rulings })) {
      ok = false;
      // The setup alone is not what the reader agreed to: put it back.
      if (offer.settings && !restoreRaw(setupKey(game.id), was.setup)) {
        adopt();
        said.textContent = notSaved('Rulings not saved', 'The setup was saved.');
        toast(said.textContent);
        return;
      }
    }
    if (!ok) {
      said.textContent = notSaved('Not saved', 'Nothing was changed.');
      toast(said.textContent);
      return;
    }
    before = was;
    adopt();
    said.textContent = `${usedMessage(offer)}.`;
    undo.hidden = false;
    toast(usedMessage(offer));
  });
  undo.addEventListener('click', () => {
    if (!before) return;
    const ok = restoreRaw(setupKey(game.id), before.setup) && restoreRaw(rulingsKey(game.id), before.rulings);
    adopt();
    if (!ok) {
      said.textContent = notSaved('Not undone');
      toast(said.textContent);
      return;
    }
    before = undefined;
    undo.hidden = true;
    said.textContent = 'Undone: your setup and rulings are as they were.';
    toast('Undone');
  });
  byId('table-keep').addEventListener('click', close);
  dialog.addEventListener('cancel', () => {
    incoming = undefined;
    dropHash();
  });

  const worded = wordedGame(game);
  const words = {
    title: (key: string) => titles.get(key) ?? key,
    value: (id: string, value: OptionValue) => {
      const option = worded?.options.find((o) => o.id === id);
      const runtime = game.options.find((o) => o.id === id)!;
      // Without the worded options (never on the built page) an option is named as its link names it.
      return option ? describeValue(option, value) : `${id}=${formatOptionValue(runtime, value)}`;
    },
  };

  return async () => {
    if (location.hash.length <= 1) return;
    const length = location.hash.length - 1;
    const read = readTableFragment(location.hash);
    if (read === 'too-long') {
      dropHash();
      said.textContent = tooLongLink(length);
      toast('Link too long: nothing changed');
      return;
    }
    // A fragment that names no option and holds no rulings is not a table link (e.g. the skip link's #main).
    if (!isTableLink(game, read.params)) return;
    const none: LinkRulings = { rulings: {}, unreadable: 0, garbled: false, cannotUnpack: false, gone: 0 };
    const rulings = read.rulings ? await decodeRulings(read.rulings, notes, streamPacker()) : none;
    const current = readRulings(game.id);
    // The reader's setup as stored now (another page may have changed it since this one loaded).
    const offer = tableOffer(game, read.params, rulings, readSaved(game), current);
    if (!hasUse(offer)) {
      dropHash();
      said.textContent = nothingToUse(offer);
      toast('Nothing in this link can be used');
      return;
    }
    const text = offerText(offer, current, words);
    byId('table-import-title').textContent = text.question;
    byId('table-import-setup').textContent = text.setup;
    byId('table-import-list').replaceChildren(...Object.keys(offer.rulings).map((k) => rulingItem(words.title(k), offer.rulings[k]!)));
    const lines = (id: string, items: string[]) =>
      byId(id).replaceChildren(
        ...items.map((t) => {
          const li = document.createElement('li');
          li.textContent = t;
          return li;
        }),
      );
    lines('table-import-replaced', text.replaced);
    lines('table-import-dropped', text.dropped);
    byId('table-import-note').textContent = text.note;
    incoming = offer;
    if (!dialog.open) dialog.showModal();
  };
}
