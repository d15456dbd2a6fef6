/**
 * Page behaviour that every page loads (kept small; search code loads only on first use):
 * setup note and share links, options form, recently viewed, theme, search box wiring, service worker and install.
 */
import { defaultSettings, describeSettings, parseSettings, serializeSettings, type Settings } from '../lib/options';
import { applyOptionsCss } from './head';
import { pushRecent, readRecent, writeSaved } from './storage';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
const state = window.rulesState;
const body = document.body;
const pageOptions = (body.dataset.pageOptions ?? '').split(',').filter(Boolean);

function toast(message: string) {
  const el = $('toast');
  if (!el) return;
  el.textContent = message;
  el.classList.add('show');
  setTimeout(() => el.classList.remove('show'), 2500);
}

/** Shows the given settings on this page (CSS and the setup bar). */
function show(settings: Settings) {
  if (!state) return;
  state.shown = settings;
  applyOptionsCss(state.game, settings);
  updateShareLink();
  document.dispatchEvent(new CustomEvent('rules:options'));
}

// --- Options given in the URL: the note (rendered in the HTML, shown by CSS when <html data-shared>) offers
// one tap to adopt them or to go back to one's own.
function setupNote() {
  const root = document.documentElement;
  $('setup-adopt')?.addEventListener('click', () => {
    if (!state) return;
    writeSaved(state.game, state.shown);
    state.saved = { ...state.shown };
    delete root.dataset.shared;
    toast('Setup saved for this game');
  });
  $('setup-mine')?.addEventListener('click', () => {
    if (!state) return;
    delete root.dataset.shared;
    history.replaceState(history.state, '', location.pathname + location.hash);
    state.fromUrl = {};
    show({ ...state.saved });
  });
}

// --- Sharing: the link carries the options this entry depends on.
function shareUrl(): string {
  const query = state && pageOptions.length ? serializeSettings(state.game, state.shown, pageOptions) : '';
  return `${location.origin}${location.pathname}${query ? `?${query}` : ''}`;
}
function updateShareLink() {
  const link = $<HTMLAnchorElement>('entry-title-link');
  if (link) link.href = shareUrl();
}
async function share() {
  const url = shareUrl();
  const title = document.querySelector('h1')?.textContent?.trim() ?? document.title;
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast('Link copied');
  } catch {
    window.prompt('Copy this link', url);
  }
}
function setupShare() {
  for (const id of ['entry-title-link', 'share-button'])
    $(id)?.addEventListener('click', (e) => {
      e.preventDefault();
      void share();
    });
}

// --- Options page form.
function formSettings(form: HTMLFormElement): Settings {
  if (!state) return {};
  const data = new FormData(form);
  const raw: Record<string, unknown> = {};
  for (const o of state.game.options) {
    if (o.type === 'boolean') raw[o.id] = data.has(o.id);
    else if (o.type === 'multi') raw[o.id] = data.getAll(o.id).map(String);
    else raw[o.id] = data.get(o.id);
  }
  return parseSettings(state.game, raw);
}
function fillForm(form: HTMLFormElement, settings: Settings) {
  if (!state) return;
  const full = { ...defaultSettings(state.game), ...settings };
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) continue;
    const v = full[el.name];
    if (v === undefined) continue;
    if (el instanceof HTMLSelectElement) el.value = String(v);
    else if (el.type === 'checkbox') el.checked = Array.isArray(v) ? v.includes(el.value) : v === true;
    else if (el.type === 'radio') el.checked = el.value === String(v);
  }
}
function markInactive(form: HTMLFormElement, settings: Settings) {
  if (!state) return;
  const full = { ...defaultSettings(state.game), ...settings };
  for (const fs of Array.from(form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-requires]'))) {
    const req = JSON.parse(fs.dataset.requires!) as Record<string, unknown>;
    const ok = Object.entries(req).every(([id, want]) => {
      const list = Array.isArray(want) ? want : [want];
      const have = full[id];
      return list.some((w) => (typeof have === 'boolean' ? w === have : String(w) === String(have)));
    });
    fs.toggleAttribute('data-inactive', !ok);
    fs.disabled = !ok;
  }
}
function setupOptionsForm() {
  const form = $<HTMLFormElement>('options-form');
  if (!form || !state) return;
  fillForm(form, state.shown);
  markInactive(form, state.shown);
  const status = $('options-status');
  const save = (settings: Settings, message: string) => {
    writeSaved(state.game, settings);
    state.saved = settings;
    show(settings);
    markInactive(form, settings);
    if (status) status.textContent = message;
  };
  form.addEventListener('change', () => {
    const settings = formSettings(form);
    save(settings, `Saved: ${describeSettings(state.game, settings)}.`);
  });
  $('options-reset')?.addEventListener('click', () => {
    const d = defaultSettings(state.game);
    fillForm(form, d);
    save(d, 'Back to the default setup.');
  });
}

// --- Pencilvillage "my setup": the options CSS lists the entries the setup changes (data-any); this only hides
// the rare entry whose blocks all need a second condition that does not hold.
function updateDigest() {
  if (body.dataset.kind !== 'setup') return;
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('.digest-entry'))) {
    const visible = Array.from(section.querySelectorAll<HTMLElement>('.digest > .variant')).some((el) => getComputedStyle(el).display !== 'none');
    section.hidden = !visible;
  }
}

// --- Recently viewed.
function setupRecent() {
  if (body.dataset.kind === 'entry' && body.dataset.game) {
    const h1 = document.querySelector('h1')?.textContent?.trim() ?? '';
    const gameTitle = document.querySelector('.game-link')?.textContent?.trim() ?? body.dataset.game;
    pushRecent({ url: location.pathname, title: h1, game: gameTitle });
  }
  const list = $('recent-list');
  const items = readRecent();
  if (!list || items.length === 0) return;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = item.url;
      const t = document.createElement('span');
      t.className = 'entry-title';
      t.textContent = item.title;
      const g = document.createElement('span');
      g.className = 'entry-summary';
      g.textContent = item.game;
      a.append(t, g);
      li.append(a);
      return li;
    }),
  );
  $('recent')!.hidden = false;
}

// --- Theme.
function setupTheme() {
  const button = $('theme-toggle');
  if (!button) return;
  const root = document.documentElement;
  const effective = () => root.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  const label = () => {
    button.textContent = effective() === 'dark' ? 'Light theme' : 'Dark theme';
  };
  label();
  button.addEventListener('click', () => {
    const next = effective() === 'dark' ? 'light' : 'dark';
    root.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      /* ignore */
    }
    label();
  });
}

// --- Search: the engine loads on first use.
const loadSearch = () => import('./search-ui');
function setupSearch() {
  const input = $<HTMLInputElement>('q');
  if (input) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void loadSearch().then((m) => m.attachSearchBox(input, body.dataset.game));
    };
    input.addEventListener('focus', start, { once: true });
    input.addEventListener('input', start, { once: true });
  }
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || t.closest('input, textarea, select, [contenteditable]')) return;
    const target = $<HTMLInputElement>('search-page-q') ?? input;
    if (!target) return;
    e.preventDefault();
    target.focus();
  });
  if (body.dataset.kind === 'search') void loadSearch().then((m) => m.startSearchPage());
  if (body.dataset.kind === '404') void loadSearch().then((m) => m.showClosest());
}

// --- Offline and updates.
function setupServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const prompt = $('update-prompt');
  const offer = (worker: ServiceWorker) => {
    if (!prompt) return;
    prompt.hidden = false;
    $('update-reload')!.onclick = () => worker.postMessage({ type: 'SKIP_WAITING' });
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !prompt || prompt.hidden) return;
    reloading = true;
    location.reload();
  });
  void navigator.serviceWorker.register('/sw.js').then((reg) => {
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  });
}

function setupInstall() {
  const section = $('install');
  const button = $('install-button');
  if (!section || !button) return;
  let deferred: (Event & { prompt: () => Promise<void> }) | undefined;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as typeof deferred;
    section.hidden = false;
  });
  button.addEventListener('click', () => {
    void deferred?.prompt();
    section.hidden = true;
  });
}

setupNote();
updateShareLink();
setupShare();
setupOptionsForm();
updateDigest();
document.addEventListener('rules:options', updateDigest);
setupRecent();
setupTheme();
setupSearch();
setupServiceWorker();
setupInstall();
