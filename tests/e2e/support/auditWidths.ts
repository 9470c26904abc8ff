import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { findProblems, settle } from './axe.ts';

/**
 * axe and the layout checks at 1280 and 390 px, with a full-page screenshot of each into SHOTS_DIR when it is set
 * (`<prefix>-<name>-<width>.png`); the page is left at 1280 × 900.
 */
export async function auditWidths(page: Page, prefix: string, name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settle(page);
    expect(await findProblems(page), `${name} at ${width}px`).toEqual([]);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/${prefix}-${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
