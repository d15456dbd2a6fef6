import { expect, test } from '@playwright/test';

test('Now or Never: enemy setup for solo vs 3 players; underground locations; 4 seasons', async ({ page }) => {
  await page.goto('/now-or-never/setup-enemies/?solo=1');
  await expect(page.locator('.prose [data-w-players="1"]').first()).toBeVisible();
  await page.goto('/now-or-never/setup-enemies/?players=3');
  await expect(page.locator('.prose [data-w-players="3"]').first()).toBeVisible();
  await expect(page.locator('.prose [data-w-players="1"]').first()).toBeHidden();
  await page.goto('/now-or-never/tower-of-miners/?underground=1');
  await expect(page.locator('.when[data-w-underground="1"]').first()).toBeVisible();
  await expect(page.locator('.when[data-w-underground="0"]').first()).toBeHidden();
  await page.goto('/now-or-never/seasons/?seasons=4');
  await expect(page.locator('main')).toContainText('4');
  await expect(page.locator('.prose [data-w-seasons="6"]').first()).toBeHidden();
});

test('Forge War: mine size by player count, hiring cost simple vs epic', async ({ page }) => {
  for (const [players, hexes] of [['2', '37'], ['3', '48'], ['4', '61']]) {
    await page.goto(`/forge-war/mine-setup/?players=${players}`);
    await expect(page.locator('main')).toContainText(hexes!);
  }
  await page.goto('/forge-war/hiring-adventurers/?mode=epic');
  await expect(page.locator('.prose [data-w-mode="epic"]').first()).toBeVisible();
  await page.goto('/forge-war/hiring-adventurers/?mode=simple');
  await expect(page.locator('.prose [data-w-mode="epic"]').first()).toBeHidden();
});

test('Vindication: end-game thresholds follow the player count', async ({ page }) => {
  await page.goto('/vindication/end-game-trigger-cards/?players=2');
  await expect(page.locator('.prose [data-w-players~="2"]').first()).toBeVisible();
  await page.goto('/vindication/end-game-trigger-cards/?players=5');
  await expect(page.locator('.prose [data-w-players~="5"]').first()).toBeVisible();
  await expect(page.locator('.prose [data-w-players="2"]').first()).toBeHidden();
});

test('Pencilvillage: a character annotates Quest and Movement; two mods at once; my setup; shared setup link', async ({ page }) => {
  await page.goto('/pencilvillage/quest/?character=erwin-lyme');
  await expect(page.locator('main')).toContainText('3A');
  await expect(page.locator('.when[data-w-character="erwin-lyme"]').first()).toBeVisible();
  await page.goto('/pencilvillage/movement/?character=erwin-lyme');
  await expect(page.locator('.when[data-w-character="erwin-lyme"]').first()).toContainText('6');
  await page.goto('/pencilvillage/building-placement/?mods=tire,glom');
  await expect(page.locator('.when[data-w-mods-glom="1"]').first()).toBeVisible();
  await page.goto('/pencilvillage/build-action/?mods=tire,glom');
  await expect(page.locator('.when[data-w-mods-tire="1"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Use this setup' }).click();
  await page.goto('/pencilvillage/my-setup/');
  await expect(page.locator('.digest-entry[data-slug="build-action"]')).toBeVisible();
  await expect(page.locator('.digest-entry[data-slug="building-placement"]')).toBeVisible();
  await expect(page.locator('.chosen-entry[data-any="mods-glom=1"]')).toBeVisible();
  await expect(page.locator('.chosen-entry[data-any="mods-homestead=1"]')).toBeHidden();
  const tags = await page.locator('#setup-summary .setup-tag:visible').allTextContents();
  expect(tags).toEqual(expect.arrayContaining(['No character', 'Tire', 'Glom']));
  expect(tags).not.toContain('No mods');
  await expect(page.locator('#setup-empty')).toBeHidden();
  await expect(page.locator('#digest-heading')).toBeVisible();
  // With nothing chosen, the page says so.
  await page.goto('/pencilvillage/options/');
  await page.getByRole('button', { name: 'Back to defaults' }).click();
  await page.goto('/pencilvillage/my-setup/');
  await expect(page.locator('#setup-empty')).toBeVisible();
  await expect(page.locator('#digest-heading')).toBeHidden();
  await expect(page.locator('.digest-entry:visible')).toHaveCount(0);
});
