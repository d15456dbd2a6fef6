// @vitest-environment happy-dom
/**
 * Storage failures are said: every write reports whether it was stored (read back), and why not (blocked or full),
 * in words the player reads. Reads never throw, whatever the browser does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { gameSchema } from '../../src/schemas/game';
import * as storage from '../../src/client/storage';
import * as savedPrefs from '../../src/client/saved-prefs';
import * as savedProgress from '../../src/client/saved-progress';
import * as savedRulings from '../../src/client/saved-rulings';
import * as savedSetup from '../../src/client/saved-setup';

const non = gameSchema.parse(parse(readFileSync('content/games/now-or-never.yaml', 'utf8')));
const writes = (): boolean[] => [
  storage.writeSaved(non, { solo: true }),
  storage.pushRecent({ url: '/now-or-never/pass/', title: 'Pass', game: 'Now or Never' }),
  savedPrefs.writePreferences({ theme: 'dark' }),
  storage.writePins('now-or-never', ['pass']),
  savedRulings.writeRulings('now-or-never', { 'pass#a': { text: 'Yes' } }),
  savedProgress.writeTicks('now-or-never', new Set(['setup-1'])),
];
const reads = () => [
  savedSetup.readSaved(non),
  savedSetup.readSavedSetup('now-or-never'),
  storage.readRecent(),
  savedPrefs.readPreferences(),
  storage.readPins('now-or-never'),
  savedRulings.readRulings('now-or-never'),
  [...savedProgress.readTicks('now-or-never')],
];

/** A localStorage whose writes do `write` (reads see what the real one holds). */
function storageWhere(write: (key: string, value: string) => void) {
  const real = localStorage;
  vi.spyOn(window, 'localStorage', 'get').mockReturnValue({
    getItem: (k: string) => real.getItem(k),
    setItem: write,
    removeItem: (k: string) => real.removeItem(k),
  } as Storage);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('writes say whether they were stored', () => {
  it('true when stored, and it reads back', () => {
    expect(writes()).toEqual([true, true, true, true, true, true]);
    expect(savedSetup.readSaved(non)).toEqual({ solo: true });
    expect(storage.checkStorage()).toBeUndefined();
    expect(localStorage.getItem('rules:check')).toBeNull();
  });
  it('false when storage is full, and the reason is "full"; what was stored before stays', () => {
    storage.writeSaved(non, { solo: true });
    storageWhere(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(writes()).toEqual([false, false, false, false, false, false]);
    expect(storage.storageProblem()).toBe('full');
    expect(storage.checkStorage()).toBe('full');
    expect(savedSetup.readSaved(non)).toEqual({ solo: true });
    expect(storage.notSavedMessage()).toBe("Not saved: this browser's storage for this site is full.");
  });
  it('false when a write is accepted but not kept', () => {
    storageWhere(() => undefined);
    expect(writes()).toEqual([false, false, false, false, false, false]);
    expect(storage.storageProblem()).toBe('blocked');
  });
  it('false when the browser blocks storage (the getters throw), reads empty, nothing throws', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(blocked);
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(blocked);
    expect(() => reads()).not.toThrow();
    expect(reads()).toEqual([{}, {}, [], {}, [], {}, []]);
    expect(writes()).toEqual([false, false, false, false, false, false]);
    expect(storage.storageProblem()).toBe('blocked');
    expect(storage.checkStorage()).toBe('blocked');
    expect(storage.notSavedMessage('blocked', 'Not pinned')).toBe(
      'Not pinned: this browser does not let this site store anything (a privacy setting or private browsing).',
    );
    expect(storage.readSession('rules:wake')).toBeNull();
    expect(storage.writeSession('rules:wake', '1')).toBe(false);
  });
});

describe('limits are numbers the pages can say', () => {
  it('keeps at most PIN_LIMIT pins and RECENT_LIMIT recent entries', () => {
    const slugs = Array.from({ length: storage.PIN_LIMIT + 1 }, (_, i) => `rule-${i}`);
    localStorage.setItem('rules:pins:now-or-never', JSON.stringify(slugs));
    expect(storage.readPins('now-or-never')).toHaveLength(storage.PIN_LIMIT);
    for (let i = 0; i < storage.RECENT_LIMIT + 2; i++)
      storage.pushRecent({ url: `/now-or-never/rule-${i}/`, title: `Rule ${i}`, game: 'Now or Never' });
    expect(storage.readRecent()).toHaveLength(storage.RECENT_LIMIT);
    expect(storage.readRecent()[0]!.title).toBe(`Rule ${storage.RECENT_LIMIT + 1}`);
  });
});
