// @vitest-environment happy-dom
/** The play-along page's current round in storage: read back whatever the stored value holds, per game, cleared by a new game. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRound, readRound, writeRound } from '../../src/client/saved-progress';

describe('stored round', () => {
  beforeEach(() => localStorage.clear());
  it('keeps a round per game until it is cleared', () => {
    expect(readRound('forge-war')).toBeUndefined();
    expect(writeRound('forge-war', 9)).toBe(true);
    expect(readRound('forge-war')).toBe(9);
    expect(readRound('now-or-never')).toBeUndefined();
    expect(clearRound('forge-war')).toBe(true);
    expect(readRound('forge-war')).toBeUndefined();
  });
  it.each(['{', '"9"', '0', '-3', '2.5', '100', 'null', '[4]', '{"round":4}', 'true'])('ignores a stored %s', (raw) => {
    localStorage.setItem('rules:round:pencilvillage', raw);
    expect(readRound('pencilvillage')).toBeUndefined();
  });
  it('says so when storage refuses the round', () => {
    const spy = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(writeRound('vindication', 3)).toBe(false);
    spy.mockRestore();
  });
});
