import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the project promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until no finite CSS animation or transition is running (fade-ins, slides), so colours are measured as the
 * user sees them. Endless ones (the live badge's ping, spinners) are ignored.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 5_000 },
  );
}

/**
 * Runs axe-core on the page (or on `include`, a CSS selector) and fails on any serious or critical violation,
 * listing each rule with the elements it found. A soft failure: the flow goes on, so one run lists every page's.
 */
export async function expectNoA11yViolations(page: Page, where: string, include?: string): Promise<void> {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking.map(
    (v) =>
      `[${v.impact}] ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n'),
  );
  expect.soft(report, `${where}: violaciones de accesibilidad graves o críticas`).toEqual([]);
}

/** The signed-in pages, read from the registry that builds the router and the sidebar (apps/web/src/app/nav.ts). */
export function registeredPages(): { path: string; label: string }[] {
  const source = readFileSync(new URL('../apps/web/src/app/nav.ts', import.meta.url), 'utf8');
  const list = source.slice(source.indexOf('export const NAV_ITEMS'));
  const pages = [...list.matchAll(/label: '([^']+)',\s*path: '([^']+)'/g)].map((m) => ({
    label: m[1]!,
    path: m[2]!,
  }));
  const declared = (list.match(/\bpath: '/g) ?? []).length;
  if (pages.length === 0 || pages.length !== declared)
    throw new Error(`nav.ts: se leyeron ${pages.length} páginas de ${declared} (¿cambió el formato?)`);
  return pages;
}
