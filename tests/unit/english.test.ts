/** The one English module (src/lib/english.ts): stop words, singular forms, Porter stems, dictionary base forms. */
import { describe, expect, it } from 'vitest';
import { baseForms, FUNCTION_WORDS, isEnglishWord, lemma, porterStem, singular, STOP_WORDS } from '../../src/lib/english';

describe('english', () => {
  it('reads plurals and possessives as the singular, by their ending', () => {
    const words = ['coins', 'abilities', 'glass', 'boxes', 'heroes', 'bonus', 'buzzes', 'churches', "Hero's", 'Coins'];
    expect(words.map(singular)).toEqual(['coin', 'ability', 'glass', 'box', 'hero', 'bonus', 'buzz', 'church', 'hero', 'coin']);
    expect(['dice', 'men', 'has'].map(singular)).toEqual(['dice', 'men', 'has']);
  });
  it('reads irregular forms as their lemma, the rest as the singular', () => {
    expect(['dice', 'men', 'lives', 'children', 'were', 'has', "Dice's"].map(lemma)).toEqual([
      'die',
      'man',
      'life',
      'child',
      'is',
      'have',
      'die',
    ]);
    expect(['coins', 'abilities', 'constructor', 'toString'].map(lemma)).toEqual(['coin', 'ability', 'constructor', 'tostring']);
  });
  it('leaves short words, numbers and words that only end in s alone', () => {
    expect(['gas', 'its', '10', '1000s', 'status', 'axis', 'famous', 'pass'].map(singular)).toEqual([
      'gas',
      'its',
      '10',
      '1000',
      'status',
      'axis',
      'famous',
      'pass',
    ]);
  });
  it('joins a word family under one Porter stem (the stemmer package)', () => {
    expect(new Set(['search', 'searching', 'searched', 'searches'].map(porterStem))).toEqual(new Set(['search']));
    expect(porterStem('production')).not.toBe(porterStem('product') + 'x');
    expect(porterStem('abilities')).toBe('abil');
  });
  it('has one stop-word list, which the grammar words of a statement extend', () => {
    for (const w of ['how', 'the', 'can', 'happen', 'need', 'why']) expect(STOP_WORDS.has(w)).toBe(true);
    // A query keeps what tells rules apart: "before combat", "no coins", "each round".
    for (const w of ['before', 'after', 'not', 'no', 'each', 'more', 'round', 'combat']) expect(STOP_WORDS.has(w)).toBe(false);
    expect([...STOP_WORDS].filter((w) => !FUNCTION_WORDS.has(w))).toEqual([]);
    for (const w of ['before', 'not', 'each', 'more', 'must']) expect(FUNCTION_WORDS.has(w)).toBe(true);
    for (const w of ['coin', 'round', 'combat']) expect(FUNCTION_WORDS.has(w)).toBe(false);
  });
  it('tries the base forms of an inflected word in a dictionary', () => {
    expect(baseForms('faster')).toEqual(['faster', 'fast', 'faste']);
    expect(baseForms('stopped')).toEqual(['stopped', 'stopp', 'stoppe', 'stop']);
    expect(baseForms('abilities')).toEqual(['abilities', 'abilitie', 'abiliti', 'ability']);
    expect(baseForms('gold')).toEqual(['gold']);
    const dictionary = new Set(['fast', 'stop', 'ability', 'control']);
    const known = (w: string) => dictionary.has(w);
    for (const w of ['faster', 'stopped', 'abilities', 'controls', 'fast']) expect(isEnglishWord(w, known)).toBe(true);
    for (const w of ['slower', 'stoppable', 'grovesprite']) expect(isEnglishWord(w, known)).toBe(false);
    expect(isEnglishWord('quickly', (w) => w === 'quick')).toBe(true);
  });
});
