// @vitest-environment happy-dom
/** The play-along page's current round in storage: read back whatever the stored value holds, per game, cleared by a new game. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRound, readEndRound, readRound, writeEndRound, writeRound } from '../../src/client/saved-progress';

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

describe('stored end trigger (a game that ends on a trigger)', () => {
  beforeEach(() => localStorage.clear());
  it('keeps the round a trigger was met in, per game, until unmarked or a new game', () => {
    expect(readEndRound('vindication')).toBeUndefined();
    expect(writeEndRound('vindication', 7)).toBe(true);
    expect(readEndRound('vindication')).toBe(7);
    expect(readEndRound('forge-war')).toBeUndefined();
    expect(writeEndRound('vindication', undefined)).toBe(true);
    expect(readEndRound('vindication')).toBeUndefined();
    writeRound('vindication', 8);
    writeEndRound('vindication', 7);
    expect(clearRound('vindication')).toBe(true);
    expect(readEndRound('vindication')).toBeUndefined();
    expect(readRound('vindication')).toBeUndefined();
  });
  it.each(['{', '"7"', '0', '2.5', '[7]'])('ignores a stored %s', (raw) => {
    localStorage.setItem('rules:end:vindication', raw);
    expect(readEndRound('vindication')).toBeUndefined();
  });
  it('says so when storage refuses or cannot forget it', () => {
    const set = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(writeEndRound('vindication', 3)).toBe(false);
    set.mockRestore();
    const remove = vi.spyOn(localStorage, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(writeEndRound('vindication', undefined)).toBe(false);
    expect(clearRound('vindication')).toBe(false);
    remove.mockRestore();
  });
});
