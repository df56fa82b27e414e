import { getPublicSettings } from '../settings/get-public-settings';
import { getSettings } from '../settings/get-settings';
import { institutionFrom, type Institution, type SettingsBody } from './institution-fields';

export type { Institution };

/** GET /settings (the organisation settings); if that fails, the public name and timezone. */
export async function fetchInstitution(): Promise<Institution> {
  let s: SettingsBody = {};
  try {
    s = (await getSettings()).data ?? {};
  } catch {
    try {
      s = (await getPublicSettings()).data ?? {};
    } catch {}
  }
  const inst = institutionFrom(s);
  return { ...inst, logo: await loadLogo(inst.logoUrl) };
}

/** Longest side of the logo as embedded: enough for 12 mm at print resolution, small in the file. */
const LOGO_MAX_PX = 256;

/**
 * The logo as a PNG data URL (jsPDF embeds PNG and JPEG; a WebP logo is redrawn as PNG), or null when there is
 * none or it cannot be read (another site without CORS, a broken image): the PDF is then made without it.
 */
async function loadLogo(url: string): Promise<Institution['logo']> {
  if (!url) return null;
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    const bitmap = await createImageBitmap(await res.blob());
    const scale = Math.min(1, LOGO_MAX_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return { dataUrl: canvas.toDataURL('image/png'), width, height };
  } catch {
    return null;
  }
}
