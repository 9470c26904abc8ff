/**
 * axe-core in the browser (WCAG 2.2 A and AA rules and best practices, every impact), and the layout checks of
 * issue 11: no page wider than its window, no control spilling out of its box. Shared by the end-to-end tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Two animation frames and the end of every running animation (a dialog fading in): the page as it rests. */
export function settle(page: Page): Promise<void> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
}

/** axe-core's violations of the page as it is now, and whether the page scrolls sideways, at one width. */
export async function findProblems(page: Page): Promise<string[]> {
  // Injected through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } };
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map(
      (v) =>
        `${v.impact ?? ''} ${v.id} (${v.nodes.length}): ${v.help}\n      ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n      ')}`,
    );
  });
  const overflow = await page.evaluate(() => {
    const wide = document.documentElement.scrollWidth - window.innerWidth;
    if (wide <= 0) return null;
    // The deepest elements reaching past the window's right edge.
    const past = [...document.querySelectorAll('body *')].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.querySelector('*'),
    );
    const names = past
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
    return `the page is ${wide} px wider than the ${window.innerWidth} px window (${names.join(', ')})`;
  });
  // A control reaching past the box drawn around it (a card, a phone table's row card) is cut off or spills out,
  // even when the page itself does not scroll sideways.
  const spilled = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll(
      'button, a[href], input:not([type="radio"]):not([type="checkbox"]), select, textarea',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        const boxed =
          style.overflowX !== 'visible' ||
          (parseFloat(style.borderLeftWidth) > 0 && parseFloat(style.borderRightWidth) > 0);
        if (!boxed) continue;
        const box = p.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1)
          out.push(
            `"${(el.textContent ?? '').trim().slice(0, 40) || el.tagName.toLowerCase()}" reaches ${Math.round(Math.max(r.right - box.right, box.left - r.left))} px past its ${p.tagName.toLowerCase()}.${String(p.className).trim().split(/\s+/).join('.')}`,
          );
        break;
      }
    }
    return out.slice(0, 4);
  });
  return [...violations, ...(overflow ? [overflow] : []), ...spilled];
}
