/**
 * Bad content fails with a message naming the file and the field (or line). Each case copies the small fixture
 * site and breaks one thing. The cases go through the content check (src/build/content-problems.ts), which runs the
 * build's own checks: the content-check integration's schemas and cross-entry rules, and the remark plugin's
 * rule-tree transform on every entry. One real `astro build` shows that a broken entry fails the build itself with
 * the same message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCatalogue } from '../../src/build/catalogue';
import { contentProblems } from '../../src/build/content-problems';

const FIXTURE = 'tests/fixtures/mini/content';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the fixture's content folder, changed by `edit`. */
function fixture(edit: (content: string) => void): string {
  mkdirSync('tests/.tmp', { recursive: true });
  const dir = mkdtempSync(join('tests/.tmp', 'fixture-'));
  dirs.push(dir);
  const content = join(dir, 'content');
  cpSync(FIXTURE, content, { recursive: true });
  edit(content);
  return content;
}
const patch = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text)) throw new Error(`fixture ${file} no longer contains ${from}`);
  writeFileSync(file, text.replace(from, to));
};
const check = async (edit: (content: string) => void) => (await contentProblems(loadCatalogue(fixture(edit)))).problems.join('\n');

describe('a broken entry fails the content check, naming the file and field', () => {
  it('passes the intact fixture', async () => {
    expect(await check(() => {})).toBe('');
  });
  it('invalid frontmatter', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), /^summary:.*$/m, 'summary: 12'))).toMatch(/now-or-never\/pass\.mdx:5: summary: /);
  });
  it('unknown section', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), 'section: overview', 'section: nowhere'))).toMatch(
      /now-or-never\/pass\.mdx:3: section: unknown section "nowhere"/,
    );
  });
  it('unknown option in conditional text', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), '<When solo>', '<When solos>'))).toMatch(
      /now-or-never\/pass\.mdx:\d+: <When> names unknown option "solos"/,
    );
  });
  it('unknown option value in conditional text', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/seasons.mdx'), 'seasons={[5, 4]}', 'seasons={[5, 3]}'))).toMatch(
      /now-or-never\/seasons\.mdx:\d+: option "seasons" has no value 3/,
    );
  });
  it('link to a missing entry', async () => {
    expect(await check((c) => patch(join(c, 'now-or-never/pass.mdx'), '(anytime-actions)', '(any-time-actions)'))).toMatch(
      /now-or-never\/pass\.mdx:\d+: link to missing entry "any-time-actions"/,
    );
  });
  it('an alias claimed by two entries, and a related entry that does not exist', async () => {
    const out = await check((c) => {
      patch(join(c, 'now-or-never/seasons.mdx'), 'aliases: [rounds', 'aliases: [passing, rounds');
      patch(join(c, 'pencilvillage/quest.mdx'), 'related: [movement]', 'related: [movements]');
    });
    expect(out).toMatch(/now-or-never\/seasons\.mdx:6: aliases\.0: "passing" is already claimed/);
    expect(out).toMatch(/pencilvillage\/quest\.mdx:7: related\.0: no entry "movements"/);
  });
  it('another origin: an image, a link, a bare address and raw HTML, each with its line', async () => {
    const out = await check((c) =>
      writeFileSync(
        join(c, 'now-or-never/pass.mdx'),
        `${readFileSync(join(c, 'now-or-never/pass.mdx'), 'utf8').trimEnd()}\n\n![map](https://example.com/map.png)\n\nSee [the FAQ](https://example.com/faq) or https://example.org/faq.\n\n<iframe src="https://example.com/video"></iframe>\n`,
      ),
    );
    const file = /now-or-never\/pass\.mdx:(\d+): /.source;
    expect(out).toMatch(new RegExp(`${file}image "https://example.com/map.png" points to another site \\(example.com\\)`));
    expect(out).toMatch(new RegExp(`${file}link "https://example.com/faq" points to another site`));
    expect(out).toMatch(new RegExp(`${file}link "https://example.org/faq" points to another site`));
    expect(out).toMatch(new RegExp(`${file}<iframe> is not allowed in an entry`));
  });
});

describe('the build itself', () => {
  it('fails on a broken entry with the file and line (one real astro build)', () => {
    const content = fixture((c) => patch(join(c, 'now-or-never/pass.mdx'), '(anytime-actions)', '(any-time-actions)'));
    const out = join(content, '..');
    const r = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: { ...process.env, RULES_CONTENT_DIR: content, RULES_OUT_DIR: join(out, 'dist'), RULES_CACHE_DIR: join(out, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    expect(`${r.stdout}\n${r.stderr}`).toMatch(/now-or-never\/pass\.mdx:\d+: link to missing entry "any-time-actions"/);
  });
});
