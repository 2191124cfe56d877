import type { ElementHandle, Locator, Page } from 'playwright-core';

/**
 * An option of a select: the first whose text contains a string or matches a pattern, or the n-th
 * (0 = the first, an engine select's "Choose…").
 */
export type OptionChoice = string | RegExp | number;

/**
 * Picks an option of a select as a keyboard user does and returns its text: the one way the browser
 * tests pick from a select. `select` is an engine form field's name (`#root_<name>`: a MUI select,
 * or the searchable combobox of a long list) or any select's combobox.
 * - The options are this select's own (its aria-controls), read once they are there (a select whose
 *   choices are still on their way shows none yet).
 * - The menu is opened and the option taken with the keys, never the pointer: a MUI select's option is focused and
 *   Enter pressed (its menu item takes Enter as its click); in a searchable list the input keeps the
 *   focus, ArrowDown moves the highlight (aria-activedescendant) to the option and Enter takes it.
 *   A click needs the option to stay under the pointer from press to release, and an open menu can
 *   move under it (positioned, scrolled to its focused item, redrawn when its options change): MUI
 *   then keeps the menu open, which is how this step failed now and then under load.
 * - It returns once the select has closed its menu showing the option and the menu has left the
 *   page, not only once it is hidden from role queries as it starts fading out (its backdrop still
 *   covers the page until then); anything else fails.
 */
export async function chooseOption(
  page: Page,
  select: string | Locator,
  option: OptionChoice,
): Promise<string> {
  const locator = typeof select === 'string' ? page.locator(`#root_${select}`) : select;
  // The element itself: an open menu hides the rest of the page from role queries (aria-hidden),
  // so a combobox found by its role is lost to them until the menu closes.
  const combobox = await locator.elementHandle();
  if (!combobox) throw new Error(`no select ${String(select)}`);
  const name = String(select);
  // Opened with the keys too (ArrowDown opens either kind), and the same way every time.
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.press('ArrowDown');
  await page.waitForFunction(
    (e) => e.getAttribute('aria-expanded') === 'true' && e.hasAttribute('aria-controls'),
    combobox,
  );
  // This select's own listbox (a listbox found by role alone may be another, or one closing).
  const listbox = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  const options = listbox.getByRole('option');
  const item = typeof option === 'number' ? options.nth(option) : options.filter({ hasText: option }).first();
  const text = squash(await item.textContent());
  if (await combobox.evaluate((e) => e instanceof HTMLInputElement)) {
    const id = await item.getAttribute('id');
    const count = await options.count();
    for (let moves = 0; (await combobox.getAttribute('aria-activedescendant')) !== id; moves++) {
      if (moves > count) throw new Error(`select ${name}: ArrowDown never reached "${text}"`);
      await combobox.press('ArrowDown');
    }
    await combobox.press('Enter');
  } else await item.press('Enter');
  await page.waitForFunction((e) => e.getAttribute('aria-expanded') !== 'true', combobox);
  await listbox.waitFor({ state: 'detached' });
  const shown = await shownValue(combobox);
  if (!shown.includes(text)) throw new Error(`select ${name}: chose "${text}", shows "${shown}"`);
  return text;
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** What a select shows: a searchable one its input's value, a MUI select its text. */
const shownValue = async (combobox: ElementHandle<Element>) =>
  squash(await combobox.evaluate((e) => (e instanceof HTMLInputElement ? e.value : e.textContent)));
