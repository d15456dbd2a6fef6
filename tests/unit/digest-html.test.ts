import { describe, expect, it } from 'vitest';
import { digestHtml } from '../../src/lib/digest-html';

describe('digestHtml (my-setup digests keep only what the setup changes)', () => {
  it('keeps variant blocks and elements holding an inline variant, drops the rest', () => {
    const html = [
      '<p>Plain rule text.</p>',
      '<p>Take <span class="pick"><span data-w-character="a">4</span><span data-w-character="none b">3</span></span> actions.</p>',
      '<ol><li>one</li><li>two<span class="when" data-w-mods-x="1"> (with X, three)</span></li></ol>',
      '<div class="when variant" data-w-character="a" data-label="A"><p>A also loses.</p></div>',
      '<aside class="unclear"><p>Unclear note.</p></aside>',
      '<table><tbody><tr><td><span class="pick"><span data-w-character="a">2w</span></span></td></tr></tbody></table>',
    ].join('\n');
    const out = digestHtml(html);
    expect(out).not.toContain('Plain rule text');
    expect(out).not.toContain('Unclear note');
    expect(out).toContain('Take <span class="pick">');
    expect(out).toContain('(with X, three)');
    expect(out).toContain('A also loses.');
    expect(out).toContain('2w');
    expect(out).toContain('data-w-character="none b"');
  });
  it('keeps nothing of an entry with no option-dependent part', () => {
    expect(digestHtml('<p>a</p>\n<ul><li>b</li></ul>')).toBe('');
  });
});
