/**
 * The one search configuration, used by the index build and by the browser: field weights, fuzzy matching
 * options, result limits. Change ranking here.
 */

/** Weight of a word found in each field of an entry. */
export const FIELD_WEIGHTS = {
  title: 12,
  alias: 8,
  /** Players' own phrasings (frontmatter `asked`): weaker than an alias, the game's own name for the thing. */
  asked: 5,
  term: 8,
  summary: 3,
  heading: 3,
  body: 1,
  /** WordNet synonyms of the words naming the entry (added at build time, see WORDNET_SENSES). */
  wordnet: 2,
} as const;
/** A field of an entry the index weighs (title, aliases, terms, summary, body...). */
export type Field = keyof typeof FIELD_WEIGHTS;

/**
 * Senses of each naming word whose WordNet synonyms an entry gets (0: none). Measured: 1 or 2 senses move
 * top-1 by -0.7 to +1.4 points on the four sets and grow the index 12-20%, so it is off; WordNet still tells
 * misspelling aliases from real words (SearchIndex.typos).
 */
export const WORDNET_SENSES = 0;

/** A word said n times in one field weighs (1 + this × ln n) times once. */
export const REPEAT_WEIGHT = 1;

/** How strongly a long title dilutes each of its words: weight × (1/√words)^this. 0 turns it off. */
export const TITLE_LENGTH_NORM = 1;

/** Options of the Fuse.js index over the vocabulary (one record per distinct word). */
export const FUSE_OPTIONS = {
  includeScore: true,
  threshold: 0.4,
  ignoreLocation: true,
  minMatchCharLength: 2,
  shouldSort: true,
} as const;

/**
 * Everyday English words and the words rulebooks use for the same thing, in any game. A query word also matches its
 * synonyms, at `SEARCH.synonymFactor`. Only words a game's index holds count. A game's own terms ("vp" → Forge War's
 * prestige, Vindication's honor) are in its game file (`synonyms` in content/games/<game>.yaml); entry aliases
 * cover the rest.
 */
export const SYNONYMS: Record<string, readonly string[]> = {
  hp: ['health'],
  life: ['health'],
  patch: ['heal'],
  mend: ['heal'],
  cure: ['heal'],
  lives: ['health'],
  armor: ['defense', 'defence'],
  armour: ['defense', 'defence'],
  vp: ['score'],
  victory: ['score'],
  point: ['score'],
  xp: ['experience'],
  lvl: ['level'],
  exp: ['experience'],
  money: ['coin', 'gold'],
  cash: ['coin', 'gold'],
  shop: ['market', 'buy'],
  purchase: ['buy'],
  hire: ['recruit'],
  monster: ['enemy'],
  enemy: ['monster'],
  fight: ['combat', 'battle'],
  combat: ['fight', 'battle'],
  battle: ['combat', 'fight'],
  plan: ['design'],
  blueprint: ['design'],
  die: ['dice'],
  dice: ['die'],
  bot: ['automa'],
  robot: ['bot', 'automa'],
  swap: ['exchange', 'trade'],
  trade: ['exchange'],
  army: ['military'],
  asterisk: ['star'],
  star: ['asterisk'],
};

/**
 * Words spelled two ways (American and British): a query word matches the other spelling as fully as its own. The
 * entries use both ("colour" and "color", "Defence" and "defense"), and so do players.
 */
export const SPELLINGS: readonly (readonly [string, string])[] = [
  ['color', 'colour'],
  ['defense', 'defence'],
  ['center', 'centre'],
  ['honor', 'honour'],
  ['armor', 'armour'],
  ['gray', 'grey'],
  ['favor', 'favour'],
];

/**
 * Words that questions use around the thing asked ("how does searching *work*", "what do I *use* it for", "can I rest
 * *someone else*'s specialist"): searched, but weighing less than the head noun. ("get", "happen" and "need" are stop
 * words: see STOP_WORDS in english.ts.)
 */
export const LIGHT_WORDS = new Set([
  'work',
  'use',
  'make',
  'give',
  'want',
  'allow',
  'able',
  'go',
  'out',
  'put',
  'say',
  'way',
  'thing',
  'rule',
  'someone',
  'else',
  'anyone',
  'everyone',
  'something',
  'anything',
]);

/** How a query is ranked and answered: the switches and numbers `rank.ts` reads, each measured in bench/RESULTS.md. */
export const SEARCH = {
  /** Coverage weighs each query word by its idf (true) or counts words alike (false). */
  weightedCoverage: true,
  /** A result's score is multiplied by (share of query words it matched)^this. */
  coveragePower: 2,
  /** Multiplier of a synonym's match (see SYNONYMS). */
  synonymFactor: 0.75,
  /** Words shorter than this are matched exactly or as a prefix, never fuzzily. */
  minFuzzyLength: 4,
  /** Fuzzy candidates Fuse.js proposes per query word, and how many are kept after ranking them by edit distance. */
  fuzzyPool: 40,
  fuzzyCandidates: 4,
  /** Most edits (insert, delete, change, swap) a fuzzy match may need: 1 up to 5 letters, 2 above. */
  maxEdits: (length: number): number => (length <= 5 ? 1 : 2),
  /** An exact word found in at most this many entries (often a misspelling alias) still gets fuzzy matches. */
  rareExact: 2,
  /** ...and when a word one edit away is this many times as common, the rare word counts as its misspelling:
   * the common word matches fully, the rare one at this factor. */
  misspellingRatio: 3,
  misspellingFactor: 0.9,
  /** An unknown word this long or longer, one edit from a single vocabulary word, is taken as that word mistyped
   * (at misspellingFactor). */
  confidentTypoLength: 6,
  /** Prefix completions kept for the word being typed. */
  prefixCandidates: 12,
  /** Words already typed (not the last) also match longer words they begin ("fail" → "failure"), at this factor. */
  prefixAllWords: true,
  completedPrefixFactor: 0.7,
  /** Multiplier of another form of the word (same Porter stem: "searching" → "search"). */
  stemFactor: 0.65,
  /** Multiplier of a prefix match, and of a fuzzy match at score 0. */
  prefixFactor: 0.7,
  fuzzyFactor: 0.75,
  /** A fuzzy match's factor falls as (1 − edits/(length+1))^this: 2 edits on a short word weigh much less than 1. */
  fuzzyDecay: 2,
  /** Extra score when the whole query is a title, alias, term or phrasing (as much as a full phraseOverlap, which finds
   * a phrase of 2+ words in any order; 40 and 100 rank the same). */
  phraseExact: 80,
  /** Extra score when a one-word title, alias or term stands in a longer query, × its share of the query's weight. */
  phraseInQuery: 30,
  /** Extra score × how closely a phrase of 2+ words and a query of 2+ words share their words in any order (score.ts
   * phraseOverlap): a lookup close to one of the entry's names or phrasings. It replaced the bonuses of a phrase found
   * in order in the query (30 × its share) and of the query found in a longer phrase (10 × its share), which it
   * exceeds. Measured on A-I, old and old-holdout (1,658 lookups, judged labels): 1,526 right first before; with it at
   * 30: 1,537; 80: 1,548 (A-F, G-I and the old sets each up); 110: 1,542. */
  phraseOverlap: 80,
  /** Multiplier of the weight of the word a question asks about ("how many *coins*"). */
  headWordFactor: 1.5,
  /** Share of the missing coverage given back to an entry whose title, alias or term stands in the query. */
  namedLift: 0.3,
  /** Multiplier of the score of an entry for one choice of a play option (an objective, a character, a mod) that
   * the query does not name: the general rule comes first. */
  unnamedChoiceFactor: 0.7,
  /** Such an entry also ranks just below the best general entry covering the query as fully that scores at least
   * this share of it (weigh.ts generalFirst). Measured on A-F: 0.1 loses E (−0.7), 0.2 and 0.3 gain C (+0.7), 0.5 none;
   * a slack of 0.1 on coverage changed nothing. */
  generalRuleShare: 0.2,
  /** An exception (frontmatter `exceptionTo`) the query does not name ranks just below its general rule when the rule
   * scores at least this share of it (weigh.ts exceptionsAfter)... */
  exceptionRuleShare: 0.6,
  /** ...and covers at least this share of its coverage: the exception holds the word of what it allows ("shift" a
   * housed villager), which the general rule forbids without saying. */
  exceptionCoverageShare: 0.5,
  /** ...and of such an entry when the reader's setup has that choice (solo on, that objective): it is their rule. */
  setupChoiceFactor: 1.4,
  /** In an all-games search, multiplier of the score of the game being played (the one whose pages were opened last).
   * Measured on A-F, game in play: 1.5, 2, 3 give top-1 85.0/87.1/87.1 on A, 80.7/81.4/83.6 on B; 5 as 3. On all 29
   * sets (4,038 lookups, judged): 3, 4, 5, 8 give 3,975/3,978/3,980/3,980 right first, and another game's entry first
   * for 6/2/0/0 of them ("speed up a mission" in Forge War: Vindication's Speed upgrades at 3). */
  currentGameFactor: 5,
  /** Multiplier of a light word's weight (see LIGHT_WORDS). */
  lightWordFactor: 0.4,
  /** Multiplier of the weight of a word in a question's closing scene-setting phrase ("... in story mode"). */
  contextWordFactor: 0.7,
  /** A result whose text holds the query's numbers beside their nouns ("17 coins") has its score multiplied by
   * 1 + this × the share of such pairs it holds; the first this-many results are checked. */
  numberPairBoost: 0.3,
  numberPairPool: 30,
  /** A question that asks a limit ("how many specialists can I have", "max storage": answer.ts asksLimit) multiplies by
   * 1 + this the score of those of its first numberPairPool results whose summary states one (SearchIndex.limits:
   * "at most 4 specialists"). The query holds just "specialist" once its stop words go, as Specialist tiles' name
   * does. On all 37 sets (5,298 lookups, judged): 0.1, 0.15 and 0.3 each put Specialist slots first for that lookup,
   * in the 4 sets that hold it, and change nothing else. */
  limitBoost: 0.15,
  /** Multiplier of an answer sentence from text the default setup hides (an exception: a character's, a mod's line)
   * that the reader's setup shows: the general rule's sentence comes first when both hold the query alike. */
  variantSentenceFactor: 0.8,
  /** Multiplier of an answer sentence that is a side line (answer.ts asideOf): an example, or a line
   * about another thing of the game (a character's, a card's), unless the query names that thing. */
  asideSentenceFactor: 0.5,
  /** Multiplier of an answer sentence that is a table row about the thing the query names most tellingly (its first
   * cell holds the query's weightiest word: "what does the oya monster give": Oya's row of the Monster index). */
  namedRowFactor: 2,
  /** Multiplier of an answer sentence from the entry's summary (its main point) against a body sentence. */
  summarySentenceFactor: 1.25,
  /** Words of an option's label that only say what kind of option it is: a lookup need not hold them to name it
   * ("Jewelcrafter region", "Solo play", "Reroll variant"; query-setup.ts). */
  setupLabelFiller: ['region', 'expansion', 'variant', 'map', 'mode', 'play', 'game'] as readonly string[],
  /** Multiplier of an answer sentence that says yes or no (a negation, a limit, a permission: answer.ts VERDICT) for a
   * yes/no question. On A-F: 1.1 changed 5 cards, 1.35 changed 12, about 8 better ("You may buy copies of gear you
   * already own.", "The simple game has no champions.") and 1 worse by my reading. */
  verdictSentenceFactor: 1.35,
  /** A sentence that ends with ":" is shown with the sentences after it, up to this many characters (answer.ts leadIns). */
  leadInLength: 200,
  /** Labels that open a side line of an entry (our authoring's own words, in every game): an example, a pointer to another page. */
  asideOpeners: ['Example', 'For example', 'See'],
  /** The first result's card shows its summary and its answer sentence when both fit this many characters (snippet.ts
   * leadSnippet; about 4 lines on a phone): the main rule, then the line the lookup asks about. */
  leadCardLength: 300,
  /** Results that get an answer sentence (the first ones, as many as the header popup shows). */
  answers: 8,
  /** Results returned. */
  limit: 20,
} as const;
