/**
 * The head script files (src/integrations/head-script.ts): one per game with what the option model reads of that
 * game's options (no labels, help texts or entry links, which the pages print); named by a hash of their code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { headOptions, headScript } from '../../src/integrations/head-script';
import { currentTokens, defaultSettings, parseSettings, setupQuery, type Settings } from '../../src/lib/options';
import { gameSchema } from '../../src/schemas/game';

const games = readdirSync('content/games').map((f) => gameSchema.parse(parse(readFileSync(`content/games/${f}`, 'utf8'))));
const withHelp = games.find((g) => g.options.some((o) => o.help))!;

describe('head script', () => {
  it('carries no wording: no label, help text or entry link', () => {
    expect(withHelp).toBeDefined();
    for (const game of games) {
      const json = JSON.stringify(headOptions(game));
      expect(json).not.toMatch(/"(label|offLabel|noneLabel|help|entry)":/);
      expect(headOptions(game).map((o) => o.id)).toEqual(game.options.map((o) => o.id));
    }
  });

  it('gives the option model what it needs: every value of every option reads as on the full game', () => {
    const fallback = games.flatMap((g) => g.options).find((o) => o.type === 'choice' && o.fallback);
    const requires = games.flatMap((g) => g.options).find((o) => o.requires);
    expect(fallback && requires).toBeTruthy(); // the cases below reach fallbacks and requirements
    // A made-up game where every kind has a requirement.
    const made = gameSchema.parse({
      ...games[0],
      id: 'made-up',
      options: [
        { id: 'solo', label: 'Solo', offLabel: 'Group', type: 'boolean', default: false },
        { id: 'story', label: 'Story', offLabel: 'No story', type: 'boolean', default: true, requires: { solo: false } },
        {
          id: 'mode',
          label: 'Mode',
          type: 'choice',
          values: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
          default: 'a',
          requires: { story: true },
        },
        {
          id: 'mods',
          label: 'Mods',
          noneLabel: 'None',
          type: 'multi',
          values: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
          ],
          default: ['x'],
          requires: { mode: 'b' },
        },
      ],
    });
    for (const game of [...games, made]) {
      const head = { id: game.id, options: headOptions(game) };
      const setups: Settings[] = [{}, defaultSettings(game)];
      for (const o of game.options) {
        const values = o.type === 'boolean' ? [true, false] : o.values.map((v) => v.value);
        for (const v of values) setups.push({ ...setups[setups.length - 1], [o.id]: o.type === 'multi' ? [v as string] : v });
      }
      for (const s of setups) {
        const query = setupQuery(game, s);
        expect(setupQuery(head, s)).toBe(query);
        expect(currentTokens(head, s)).toEqual(currentTokens(game, s));
        expect(parseSettings(head, new URLSearchParams(query))).toEqual(parseSettings(game, new URLSearchParams(query)));
      }
    }
  });

  it("starts with the game's options and carries no help text", async () => {
    const { path, code } = await headScript(withHelp);
    expect(path).toMatch(new RegExp(`^/scripts/head-${withHelp.id}-[\\w-]{10}\\.js$`));
    expect(code).toContain(`RulesHead.start(${JSON.stringify({ id: withHelp.id, options: headOptions(withHelp) })});`);
    for (const option of withHelp.options) if (option.help) expect(code).not.toContain(JSON.stringify(option.help));
  });

  it('gives the pages outside a game a script that starts with no game, and names files by their code', async () => {
    const site = await headScript();
    expect(site.path).toMatch(/^\/scripts\/head-site-[\w-]{10}\.js$/);
    expect(site.code.trimEnd().endsWith('RulesHead.start();')).toBe(true);
    const paths = await Promise.all(games.map(async (g) => (await headScript(g)).path));
    expect(new Set([site.path, ...paths]).size).toBe(games.length + 1);
  });

  it('leaves the option model out of the pages outside a game: theme and text size only', async () => {
    const site = (await headScript()).code;
    const game = (await headScript(games[0])).code;
    for (const code of [site, game]) expect(code).toContain('rules:prefs');
    // The options CSS (condition attributes) and reading a setup from the address are the option model's.
    for (const part of ['data-w-', 'URLSearchParams']) {
      expect(game).toContain(part);
      expect(site).not.toContain(part);
    }
  });
});
