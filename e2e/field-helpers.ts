import { type Locator } from '@playwright/test';

/**
 * The app's date and time fields (components/ui/date-input, time-input) show dd/mm/aaaa and HH:MM on a 24-hour
 * clock whatever the browser's language, and keep 'YYYY-MM-DD' / 'HH:MM' as the form value. These type what a
 * receptionist types.
 */

/** 'YYYY-MM-DD' → 'dd/mm/aaaa', as the field shows it. */
export const shownDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Types a date ('YYYY-MM-DD') into a date field as dd/mm/aaaa. */
export async function fillDate(field: Locator, iso: string): Promise<void> {
  await field.fill(shownDate(iso));
}

/** Types a time ('HH:MM', 24 hours) into a time field. */
export async function fillTime(field: Locator, time: string): Promise<void> {
  await field.fill(time);
}
