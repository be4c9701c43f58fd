import { expect, type Locator, type Page } from '@playwright/test';

/** The phone and desktop widths every changed page is checked at. */
export const WIDTHS = [390, 1280] as const;

/** The page is no wider than the window: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

/** How many rows the elements of `items` take: 1 when they sit side by side, more when they wrap. */
export async function rowsOf(page: Page, selector: string): Promise<number> {
  const tops = await page.locator(selector).evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  return new Set(tops).size;
}

/**
 * The words of the site's own labels (buttons, table headers) that the lines break
 * inside ("SEARC" / "H"), each described; an empty list when every word is whole.
 * Not looked at: a member's text inside a label, which the site marks `wrap-anywhere`
 * (it may be one word wider than a phone, and breaks by design); text visually hidden
 * for screen readers (a 1 px box), hidden from people (a honeypot) or not drawn (a
 * closed <details>, whose content still has a box).
 */
export async function wordsBroken(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const box = parent?.getBoundingClientRect();
        if (!parent || !box || box.width <= 1 || box.height <= 1 || !parent.checkVisibility()) continue;
        if (parent.closest('.wrap-anywhere, [aria-hidden="true"], [inert]')) continue;
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`<${element.tagName.toLowerCase()}> "${word[0]}" over ${lines.size} lines`);
        }
      }
    }
    return broken;
  });
}

/**
 * The site's own labels, whose words stay whole: what a person presses, names a column,
 * a field or a part of the page, or moves between pages by; and the staff tables' cells
 * written in the site's words: when, what was done ("Suspended member"), and a who or an
 * on that names no member (a job, "competition closing"; a row, "competition #6").
 */
const LABELS = [
  'button, th, label, summary, nav a, [role="tab"], a[class*="uppercase"], h1, h2, h3, h4',
  'td[data-label="When"], td[data-label="What"], td[data-label="Who"]:not(:has(a)), td[data-label="On"]:not(:has(a))',
].join(', ');

/** What a person can press or type in, focusable or not. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * The visible controls whose box leaves the window sideways, described for a
 * failure message. What a box that clips (overflow: hidden, an ellipsis) cuts off
 * is not shown, so it does not count; a control in a box that scrolls sideways on
 * its own (an admin table may) counts by that box, since scrolling the box, not
 * the page, reaches it. Visually hidden ones (1 px, for screen readers), ones
 * hidden from people (a honeypot) and ones not drawn (a closed <details>,
 * display: none) are not looked at.
 */
export async function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const off: string[] = [];
    for (const control of document.querySelectorAll(selector)) {
      const own = control.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      let { left, right } = own;
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (overflow === 'auto' || overflow === 'scroll') {
          ({ left, right } = box);
          break;
        }
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (right - left > 0 && (left < -0.5 || right > width + 0.5)) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        off.push(`<${control.tagName.toLowerCase()}> "${name}" spans ${Math.round(left)}–${Math.round(right)} px`);
      }
    }
    return off;
  }, CONTROLS);
}

/**
 * Text cut short with an ellipsis that is written right to left (Arabic, Hebrew) in a box
 * laid out left to right: the cut then takes its first words, not its last. Such text
 * needs a box that takes its direction from it (`dir="auto"`). The start of each, described.
 */
export async function rightToLeftCutAtItsStart(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The first letter that has a direction decides it, as dir="auto" does.
    const firstStrong = /[A-Za-z\u00C0-\u02AF\u0370-\u03FF\u0400-\u04FF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
    const rightToLeft = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
    const cut: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || style.direction !== 'ltr' || element.scrollWidth <= element.clientWidth) continue;
      const text = (element.textContent ?? '').trim();
      const first = firstStrong.exec(text)?.[0];
      if (first && rightToLeft.test(first)) cut.push(`${element.tagName.toLowerCase()} “${text.slice(0, 24)}…”`);
    }
    return cut;
  });
}

/**
 * What makes the page unfit for a `width` px window, each described: the page scrolls
 * sideways, a control leaves the window, a word of the site's own labels breaks
 * across lines, or text written right to left is cut at its start; then the same with
 * every <details> on the page opened (menus, folded filters, dialogs). An empty list when it fits.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const check = async () => {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    return [
      ...(scrollWidth > clientWidth ? [`the page is ${scrollWidth} px wide in a ${clientWidth} px window`] : []),
      ...(await controlsOffScreen(page)),
      ...(await wordsBroken(page, LABELS)).map((word) => `a label breaks inside a word: ${word}`),
      ...(await rightToLeftCutAtItsStart(page)).map((text) => `text written right to left is cut at its start: ${text}`),
    ];
  };
  const closed = await check();
  const opened = await page.evaluate(() => {
    const shut = [...document.querySelectorAll('details:not([open])')];
    for (const details of shut) {
      details.setAttribute('open', '');
      details.setAttribute('data-layout-opened', '');
    }
    return shut.length;
  });
  if (!opened) return closed;
  const more = (await check()).filter((problem) => !closed.includes(problem));
  // Shut again, as they were, for whatever looks at the page next.
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details[data-layout-opened]')) {
      details.removeAttribute('open');
      details.removeAttribute('data-layout-opened');
    }
  });
  return [...closed, ...more.map((problem) => `with its <details> open, ${problem}`)];
}

/**
 * What is drawn over `target` where it shows in the window: for points 8 px apart
 * across its box, the elements on top that are not part of it, described (tag,
 * classes, text). An empty
 * list when nothing covers it.
 */
export async function whatCovers(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const covering = new Set<string>();
    // 6 px in from the edges: a rounded corner's outside is not the element's.
    for (let x = box.left + 6; x < box.right - 5; x += 8) {
      for (let y = Math.max(box.top, 0) + 6; y < Math.min(box.bottom, window.innerHeight) - 5; y += 8) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !element.contains(hit)) {
          const name = (hit.getAttribute('aria-label') ?? hit.closest('[aria-label]')?.getAttribute('aria-label') ?? '').trim();
          const text = (hit.textContent ?? '').trim().slice(0, 40);
          covering.add(
            `<${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') ?? ''}">${name ? ` in "${name}"` : ''}${text ? `: ${text}` : ''}`,
          );
        }
      }
    }
    return [...covering];
  });
}
