/**
 * Bad content fails `astro build` with a message naming the file and the field (or line).
 * Each case copies the small fixture site, breaks one thing and builds it.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const FIXTURE = 'tests/fixtures/mini/content';

function buildWith(edit: (dir: string) => void): { ok: boolean; output: string } {
  mkdirSync('tests/.tmp', { recursive: true });
  const dir = mkdtempSync(join('tests/.tmp', 'fixture-'));
  const content = join(dir, 'content');
  cpSync(FIXTURE, content, { recursive: true });
  edit(content);
  const r = spawnSync('npx', ['astro', 'build'], {
    env: { ...process.env, RULES_CONTENT_DIR: content, RULES_OUT_DIR: join(dir, 'dist'), RULES_CACHE_DIR: join(dir, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}` };
}
const patch = (file: string, from: string | RegExp, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

describe('a broken entry fails the build, naming the file and field', () => {
  it('builds the intact fixture', () => {
    const r = buildWith(() => {});
    expect(r.output).not.toMatch(/Invalid/);
    expect(r.ok).toBe(true);
  });
  it('invalid frontmatter', () => {
    const r = buildWith((c) => patch(join(c, 'now-or-never/pass.mdx'), /^summary:.*$/m, 'summary: 12'));
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/pass\.mdx: summary: /);
  });
  it('unknown section', () => {
    const r = buildWith((c) => patch(join(c, 'now-or-never/pass.mdx'), 'section: overview', 'section: nowhere'));
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/pass\.mdx: section: unknown section "nowhere"/);
  });
  it('unknown option in conditional text', () => {
    const r = buildWith((c) => patch(join(c, 'now-or-never/pass.mdx'), '<When solo>', '<When solos>'));
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/pass\.mdx:\d+: <When> names unknown option "solos"/);
  });
  it('unknown option value in conditional text', () => {
    const r = buildWith((c) => patch(join(c, 'now-or-never/seasons.mdx'), 'seasons={[5, 4]}', 'seasons={[5, 3]}'));
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/seasons\.mdx:\d+: option "seasons" has no value 3/);
  });
  it('link to a missing entry', () => {
    const r = buildWith((c) => patch(join(c, 'now-or-never/pass.mdx'), '(anytime-actions)', '(any-time-actions)'));
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/pass\.mdx:\d+: link to missing entry "any-time-actions"/);
  });
  it('an alias claimed by two entries, and a related entry that does not exist', () => {
    const r = buildWith((c) => {
      patch(join(c, 'now-or-never/seasons.mdx'), 'aliases: [rounds', 'aliases: [passing, rounds');
      patch(join(c, 'pencilvillage/quest.mdx'), 'related: [movement]', 'related: [movements]');
    });
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/now-or-never\/seasons\.mdx: aliases\.0: "passing" is already claimed/);
    expect(r.output).toMatch(/pencilvillage\/quest\.mdx: related\.0: no entry "movements"/);
  });
});
