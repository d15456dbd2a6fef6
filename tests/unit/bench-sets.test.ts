import { describe, expect, it } from 'vitest';
import { repeatKey } from '../../scripts/bench-sets';

describe('repeatKey (the benchmark novelty check)', () => {
  const key = (q: string, game = 'forge-war') => repeatKey({ q, game });

  it('meets the same lookup in other words order, case, filler words and plurals', () => {
    expect(key('can I move diagonally?')).toBe(key('move diagonally'));
    expect(key('how many coins do we start with')).toBe(key('we start with how many coin'));
    expect(key("what's the Warp Stone")).toBe(key('warp stone'));
  });

  it('keeps a different typo, fact or game apart', () => {
    expect(key('warp stoen')).not.toBe(key('warp stone'));
    expect(key('how many coins at the start')).not.toBe(key('how many gems at the start'));
    expect(key('max villagers', 'now-or-never')).not.toBe(key('max villagers', 'pencilvillage'));
    expect(key('boss')).not.toBe(key('bos'));
  });
});
