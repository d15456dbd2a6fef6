/**
 * The head script files (src/integrations/head-script.ts): one per game with that game's options, less the options
 * page's help texts, which no script reads; named by a hash of their code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { headOptions, headScript } from '../../src/integrations/head-script';
import { gameSchema } from '../../src/schemas/game';

const games = readdirSync('content/games').map((f) => gameSchema.parse(parse(readFileSync(`content/games/${f}`, 'utf8'))));
const withHelp = games.find((g) => g.options.some((o) => o.help))!;

describe('head script', () => {
  it("drops only each option's help text", () => {
    expect(withHelp).toBeDefined();
    const options = headOptions(withHelp);
    expect(options.map((o) => o.id)).toEqual(withHelp.options.map((o) => o.id));
    for (const [i, option] of options.entries()) {
      expect(option).not.toHaveProperty('help');
      const { help: _help, ...rest } = withHelp.options[i]!;
      expect(option).toEqual(rest);
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
});
