import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watchErrors } from './helpers';

const pages = {
  home: '/',
  game: '/now-or-never/',
  entry: '/now-or-never/setup-enemies/',
  'entry with options and a table': '/forge-war/mine-setup/?players=4',
  terms: '/vindication/terms/',
  options: '/pencilvillage/options/',
  'my setup': '/pencilvillage/my-setup/?character=erwin-lyme&mods=tire,glom',
  search: '/search/?q=coins',
  '404': '/no/such/page/',
};

for (const [kind, url] of Object.entries(pages)) {
  test(`${kind} page: no axe violations, no console errors (light and dark)`, async ({ page }) => {
    const errors = watchErrors(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
    }
    expect(errors().filter((e) => !e.includes('404'))).toEqual([]);
  });
}
