/**
 * Keystroke to next paint, as browsers report it for INP (the Event Timing API: PerformanceObserver type 'event',
 * durationThreshold 16, the lowest it takes): every lookup of the typing sets is typed key by key into the header
 * search box of a rule page of its game, CPU throttled 4x, and the same keys into a plain text field injected
 * into the same page. A keystroke's duration is the longest of its events (keydown, keypress, beforeinput, input,
 * keyup); keystrokes whose events all took under 16 ms are not reported by the API and count as under 16 ms.
 */
import type { Browser } from '@playwright/test';
import type { Catalogue } from '../../src/integrations/catalogue';
import type { Query } from '../bench-sets';

/** The keys typed, and each keystroke's longest event (ms; 0 when under 16 ms) in the search box and the plain field. */
export interface TypingResult {
  keys: number;
  box: number[];
  plain: number[];
}

/** Types the lookups into a rule page of their game, in the built site served on `port`. */
export async function measureTyping(browser: Browser, port: number, cat: Catalogue, lookups: Query[]): Promise<TypingResult> {
  const result: TypingResult = { keys: 0, box: [], plain: [] };
  for (const game of cat.games) {
    const mine = lookups.filter((l) => l.game === game.id);
    if (!mine.length) continue;
    const slug = cat.entries.find((e) => e.game === game.id)!.slug;
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/${game.id}/${slug}/`);
    await page.evaluate(`(() => {
      const plain = document.createElement('input');
      plain.type = 'text'; plain.id = 'bench-plain'; plain.setAttribute('aria-label', 'plain field');
      document.querySelector('main').prepend(plain);
      window.benchEvents = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.benchEvents.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration }); })
        .observe({ type: 'event', durationThreshold: 16, buffered: true });
    })()`);
    // First use loads the search code and this game's index; then 1 s idle, as a reader pauses before typing.
    await page.locator('#q').click();
    await page.keyboard.type('warm up');
    await page.locator('#search-popup a[data-result], #search-popup .status').first().waitFor();
    await page.waitForTimeout(1000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (const [field, out] of [
      ['#q', result.box],
      ['#bench-plain', result.plain],
    ] as const) {
      for (const { q } of mine) {
        await page.evaluate(
          `(() => { const el = document.querySelector('${field}'); el.value = ''; el.dispatchEvent(new Event('input')); window.benchEvents = []; })()`,
        );
        await page.locator(field).focus();
        const marks: number[] = [];
        for (const ch of q) {
          marks.push((await page.evaluate('performance.now()')) as number);
          await page.keyboard.type(ch);
        }
        // Let the last key's frame be painted and reported.
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))');
        const events = (await page.evaluate('window.benchEvents')) as { name: string; start: number; duration: number }[];
        // Each event belongs to the keystroke whose time window holds its start.
        const perKey = marks.map(() => 0);
        for (const e of events) {
          if (!/^(keydown|keypress|keyup|beforeinput|input)$/.test(e.name)) continue;
          let k = marks.length - 1;
          while (k > 0 && marks[k]! > e.start) k--;
          perKey[k] = Math.max(perKey[k]!, e.duration);
        }
        out.push(...perKey);
      }
    }
    result.keys += mine.reduce((n, l) => n + l.q.length, 0);
    await context.close();
  }
  return result;
}
