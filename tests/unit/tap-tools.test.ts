// @vitest-environment happy-dom
/**
 * What taps do on every page's footer and on a rule page's title (src/client/display.ts, src/client/entry-head.ts), in
 * a DOM (happy-dom) with the real storage: the change shows at once and is kept in the tap itself (a page left a
 * moment later keeps it), and a change storage refuses is said.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDisplaySettings } from '../../src/client/display';
import { startWakeLock, togglePin } from '../../src/client/entry-head';
import { readPreferences } from '../../src/client/saved-prefs';
import { PIN_LIMIT, readPins, writePins } from '../../src/client/storage';

const toast = () => document.getElementById('toast')!.textContent;
/** A localStorage that refuses every write (a privacy setting). */
const blockWrites = () => {
  const real = localStorage;
  vi.spyOn(window, 'localStorage', 'get').mockReturnValue({
    ...real,
    getItem: (k: string) => real.getItem(k),
    setItem: () => {
      throw new DOMException('blocked', 'SecurityError');
    },
    removeItem: (k: string) => real.removeItem(k),
  } as Storage);
};

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = `
    <button id="theme-toggle">Theme</button>
    <select id="text-size"><option value="small"></option><option value="normal" selected></option><option value="large"></option><option value="larger"></option></select>
    <button data-pin="pass" aria-pressed="false">Pin</button><button data-wake-lock aria-pressed="false">Awake</button>
    <div id="toast"></div>`;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
});

describe('display settings', () => {
  const select = () => document.getElementById('text-size') as HTMLSelectElement;
  const choose = (value: string) => {
    select().value = value;
    select().dispatchEvent(new Event('change'));
  };

  it('shows the kept text size, applies a new one at once and keeps it', async () => {
    const root = document.documentElement;
    root.dataset.textSize = 'large'; // as the head script sets it
    startDisplaySettings();
    expect(select().value).toBe('large');
    choose('larger');
    expect(root.dataset.textSize).toBe('larger');
    expect(readPreferences()).toEqual({ textSize: 'larger' }); // kept in the tap, nothing to wait for
    choose('normal');
    expect(root.dataset.textSize).toBeUndefined();
    expect(readPreferences()).toEqual({});
  });

  it('flips the theme at once, keeps it, and keeps the text size beside it', async () => {
    const root = document.documentElement;
    startDisplaySettings();
    choose('small');
    root.dataset.theme = 'light';
    document.getElementById('theme-toggle')!.click();
    expect(root.dataset.theme).toBe('dark');
    expect(readPreferences()).toEqual({ textSize: 'small', theme: 'dark' });
    document.getElementById('theme-toggle')!.click();
    expect(root.dataset.theme).toBe('light');
    expect(readPreferences().theme).toBe('light');
  });

  it('says a change storage refuses applies to this page only', () => {
    startDisplaySettings();
    blockWrites();
    choose('large');
    expect(document.documentElement.dataset.textSize).toBe('large');
    expect(toast()).toMatch(/^Not kept: .* The text size applies to this page only\.$/);
  });

  it('shows the kept size again after a back/forward restore', () => {
    const root = document.documentElement;
    startDisplaySettings();
    root.dataset.textSize = 'small';
    document.dispatchEvent(new CustomEvent('rules:restored'));
    expect(select().value).toBe('small');
  });
});

describe("a rule page's pin", () => {
  const button = () => document.querySelector<HTMLElement>('[data-pin]')!;

  it('pins and unpins, the button and a toast say which', () => {
    togglePin(button(), 'g', 'pass');
    expect(readPins('g')).toEqual(['pass']);
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(toast()).toBe('Pinned to the game page');
    togglePin(button(), 'g', 'pass');
    expect(readPins('g')).toEqual([]);
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(toast()).toBe('Unpinned');
  });

  it('refuses a pin past the limit, and says a pin storage refuses', () => {
    const full = Array.from({ length: PIN_LIMIT }, (_, i) => `rule-${i}`);
    writePins('g', full);
    togglePin(button(), 'g', 'pass');
    expect(readPins('g')).toEqual(full);
    expect(toast()).toBe(`Not pinned: ${PIN_LIMIT} rules are pinned, the most kept per game. Unpin one on the game page first.`);
    writePins('g', []);
    blockWrites();
    togglePin(button(), 'g', 'pass');
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(toast()).toMatch(/^Not pinned: this browser does not let this site store anything/);
  });
});

describe('keep the screen on', () => {
  it('takes the wake lock on a tap, lets it go on the next, and remembers the choice for the tab', async () => {
    const released: string[] = [];
    const request = vi.fn(async () => {
      const lock = { released: false, release: async () => void (released.push('released'), (lock.released = true)) };
      return lock as unknown as WakeLockSentinel;
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const button = document.querySelector<HTMLElement>('[data-wake-lock]')!;
    startWakeLock(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(request).not.toHaveBeenCalled();
    button.click();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(sessionStorage.getItem('rules:wake')).toBe('1'); // in the tap
    await vi.waitFor(() => expect(toast()).toBe('The screen stays on while this tab is open'));
    expect(request).toHaveBeenCalledWith('screen');
    button.click();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await vi.waitFor(() => expect(released).toEqual(['released']));
    expect(sessionStorage.getItem('rules:wake')).toBe('0');
  });
});
