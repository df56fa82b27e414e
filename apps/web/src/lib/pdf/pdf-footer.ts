import type { Institution } from './institution-fields';

/**
 * The footer every PDF carries (spec part 1 §7 "Exports": the institution's address, phone, e-mail, website and
 * tax id, and 'Página x de y'). Pure layout, measured by the caller's font, so it can be tested without a PDF.
 */

/** Font size (pt) of the footer text. */
export const FOOTER_FONT_SIZE = 8;
/** Height of one footer line, in mm (8 pt × 1.3 line height). */
export const FOOTER_LINE_HEIGHT = 3.7;
/** From the footer's rule to the first baseline, and below the last line to the page's edge, in mm. */
const FOOTER_TOP_PAD = 5;
const FOOTER_BOTTOM_PAD = 6;
/** Space kept between the content (a table's last row) and the footer's rule, in mm. */
export const FOOTER_GAP = 5;
export const FOOTER_SEPARATOR = '  ·  ';

/** The contact fields of the organisation settings that are set, labelled, in the spec's order. */
export function footerContactItems(
  inst: Pick<Institution, 'address' | 'phone' | 'email' | 'website' | 'nit'>,
) {
  return [
    inst.address,
    inst.phone && `Tel. ${inst.phone}`,
    inst.email,
    inst.website,
    inst.nit && `NIT ${inst.nit}`,
  ].filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/** Words of one item over as many lines as it needs (an address longer than the page is rare, never cut). */
function wrapWords(item: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of item.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Packs the items into lines no wider than maxWidth, keeping each item whole on one line (an address is not
 * broken between two lines while the e-mail sits beside it) unless the item alone is wider than a line.
 */
export function packFooterLines(
  items: readonly string[],
  maxWidth: number,
  measure: (text: string) => number,
  separator: string = FOOTER_SEPARATOR,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}${separator}${item}` : item;
    if (measure(next) <= maxWidth) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    if (measure(item) <= maxWidth) {
      line = item;
      continue;
    }
    const parts = wrapWords(item, maxWidth, measure);
    lines.push(...parts.slice(0, -1));
    line = parts[parts.length - 1] ?? '';
  }
  if (line) lines.push(line);
  return lines;
}

/** The footer's height, from its rule to the page's bottom edge: the name line and the contact lines. */
export function footerHeight(contactLines: number): number {
  return FOOTER_TOP_PAD + FOOTER_LINE_HEIGHT * contactLines + FOOTER_BOTTOM_PAD;
}
