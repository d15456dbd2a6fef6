// @vitest-environment happy-dom
/**
 * The worded options a page prints for its script (src/components/OptionWords.astro, read by
 * src/client/option-words.ts): read when they are this game's, ignored (never trusted) otherwise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OPTION_WORDS_ID, wordedGame } from '../../src/client/option-words';
import { describeSettings, type OptionsGame } from '../../src/lib/options';

const runtime: OptionsGame = { id: 'g', options: [{ id: 'solo', type: 'boolean', default: false }] };
const worded = { id: 'g', options: [{ id: 'solo', type: 'boolean', default: false, label: 'Solo play', offLabel: 'Group play' }] };
const printed = (text: string) => {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = OPTION_WORDS_ID;
  el.textContent = text;
  document.body.append(el);
};

describe('wordedGame', () => {
  afterEach(() => document.body.replaceChildren());

  it("reads the page's worded options of this game", () => {
    printed(JSON.stringify(worded));
    const game = wordedGame(runtime);
    expect(game).toEqual(worded);
    expect(describeSettings(game!, { solo: true })).toBe('Solo play');
  });

  it("ignores another game's, a broken one, or none", () => {
    expect(wordedGame(runtime)).toBeUndefined();
    printed(JSON.stringify({ ...worded, id: 'other' }));
    expect(wordedGame(runtime)).toBeUndefined();
    document.body.replaceChildren();
    printed('{"id":"g","options":');
    expect(wordedGame(runtime)).toBeUndefined();
    document.body.replaceChildren();
    printed('{"id":"g","options":{}}');
    expect(wordedGame(runtime)).toBeUndefined();
  });
});
