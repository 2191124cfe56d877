import type { ElementHandle, Locator, Page } from 'playwright-core';

/**
 * An option of a select: the first whose text contains a string or matches a pattern, or the n-th
 * (0 = the first, an engine select's "Choose…").
 */
export type OptionChoice = string | RegExp | number;

/**
 * Picks an option of a select as a customer does and returns its text: the one way the browser
 * tests pick from a select. `select` is an engine form field's name (`#root_<name>`: a MUI select,
 * or the searchable combobox of a long list) or any select's combobox.
 * - The options are this select's own (its aria-controls), clicked once its menu has finished
 *   growing and fading in.
 * - A click counts when the select closes its menu showing the option. Playwright checks what is
 *   under the pointer only when it presses: if the option moves or is redrawn before the release
 *   (a re-render repositioning the menu), no click reaches it and MUI keeps the menu open.
 *   Such a click, provably not taken (menu still open, value unchanged), is made again, at most
 *   twice, and said on the console; anything else fails.
 * - It returns once the menu has left the page, not only once it is hidden from role queries as
 *   it starts fading out (its backdrop still covers the page until then).
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
  const before = await shownValue(combobox);
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await locator.click();
  await page.waitForFunction(
    (e) => e.getAttribute('aria-expanded') === 'true' && e.hasAttribute('aria-controls'),
    combobox,
  );
  // This select's own listbox (a listbox found by role alone may be another, or one closing).
  const listbox = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  const options = listbox.getByRole('option');
  const item = typeof option === 'number' ? options.nth(option) : options.filter({ hasText: option }).first();
  const text = squash(await item.textContent());
  for (let attempt = 1; ; attempt++) {
    await settled(listbox);
    await item.click();
    if (await closes(page, combobox)) break;
    const now = await shownValue(combobox);
    if (attempt === 3 || now !== before)
      throw new Error(`select ${name}: menu still open after clicking "${text}" (shows "${now}")`);
    console.warn(`chooseOption: "${text}" clicked but ${name} kept its menu open; clicking again`);
  }
  await listbox.waitFor({ state: 'detached' });
  const shown = await shownValue(combobox);
  if (!shown.includes(text)) throw new Error(`select ${name}: chose "${text}", shows "${shown}"`);
  return text;
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** What a select shows: a searchable one its input's value, a MUI select its text. */
const shownValue = async (combobox: ElementHandle<Element>) =>
  squash(await combobox.evaluate((e) => (e instanceof HTMLInputElement ? e.value : e.textContent)));

/** Resolves once the listbox's menu has stopped growing and fading in (at most 5 s). */
const settled = (listbox: Locator) =>
  listbox.evaluate(async (lb) => {
    const paper = lb.closest('.MuiPaper-root') ?? lb;
    const until = performance.now() + 5_000;
    while (lb.isConnected && performance.now() < until) {
      const moving = paper.getAnimations().some((a) => a.playState !== 'finished');
      if (!moving && getComputedStyle(paper).opacity === '1') return;
      await new Promise((r) => requestAnimationFrame(r));
    }
  });

/** Whether the select closes its menu within 2 s (a click it takes closes it at once). */
const closes = (page: Page, combobox: ElementHandle<Element>) =>
  page
    .waitForFunction((e) => e.getAttribute('aria-expanded') !== 'true', combobox, { timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
