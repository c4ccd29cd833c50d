// The admin's main menu in a browser: top-level entries fold their sub-entries away, so tests open
// every section (or the one holding a link) before they read or click a link.
import type { Locator, Page } from 'playwright-core';

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Opens every folded section of the menu. */
export async function openMenuSections(page: Page): Promise<void> {
  const menu = mainMenu(page);
  await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
  const folded = menu.locator('button[aria-expanded="false"]');
  while (await folded.count()) await folded.first().click();
}

/** The menu link with this name, its section opened. */
export async function menuLink(page: Page, name: string): Promise<Locator> {
  await openMenuSections(page);
  return mainMenu(page).getByRole('link', { name, exact: true });
}

/** The names of every link of the menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  await openMenuSections(page);
  return mainMenu(page).getByRole('link').allTextContents();
}

/** The top-level entries: the dashboard, the section buttons and the sections shown as one link. */
export async function topLevelEntries(page: Page): Promise<string[]> {
  await mainMenu(page).getByRole('link', { name: 'Dashboard' }).waitFor();
  return mainMenu(page).locator('.nav-top > li > a, .nav-top > li > button').allTextContents();
}

/**
 * Types into the open quick menu and answers the screens it offers (not the content, people and
 * sections it finds), once its search has answered.
 */
export async function quickScreens(page: Page, text: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Quick menu' });
  await dialog.getByRole('combobox', { name: 'Go to' }).fill(text);
  await dialog.locator(`[role="listbox"][data-answered="${text.trim()}"]`).waitFor();
  return dialog.locator('[role="option"][data-kind="screen"] .quick-label').allTextContents();
}
