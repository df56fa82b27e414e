export interface DeviceDescription {
  /** 'Chrome en Windows', 'Safari en iPhone', … */
  label: string;
  mobile: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A readable name for a session's browser, from its User-Agent; the raw text stays available as a tooltip. */
export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  if (!ua) return { label: 'Dispositivo desconocido', mobile: false };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const mobile = /Mobi|iPhone|Android|iPad/.test(ua);
  if (browser && system) return { label: `${browser} en ${system}`, mobile };
  if (browser) return { label: browser, mobile };
  if (system) return { label: `Navegador en ${system}`, mobile };
  return { label: ua.length > 40 ? `${ua.slice(0, 40)}…` : ua, mobile };
}
