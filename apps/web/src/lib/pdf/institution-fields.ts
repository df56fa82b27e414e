/** The provider's identity printed on every PDF (spec §7 "Exports": address, phone, e-mail, website, NIT). */
export interface Institution {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  nit: string;
  timezone: string;
  /** The saved logo's address ('' when none). */
  logoUrl: string;
  /** The logo as a PNG data URL with its pixel size, when it could be read (lib/pdf/institution.ts). */
  logo?: { dataUrl: string; width: number; height: number } | null;
}

export type SettingsBody = Partial<
  Record<
    | 'org_name'
    | 'org_address'
    | 'org_phone'
    | 'org_email'
    | 'org_website'
    | 'org_nit'
    | 'org_timezone'
    | 'org_logo_url',
    unknown
  >
>;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The organisation settings as printed: unset fields are '' (and left out of the footer). */
export function institutionFrom(s: SettingsBody): Institution {
  return {
    name: str(s.org_name) || 'IPS',
    address: str(s.org_address),
    phone: str(s.org_phone),
    email: str(s.org_email),
    website: str(s.org_website),
    nit: str(s.org_nit),
    timezone: str(s.org_timezone) || 'America/Bogota',
    logoUrl: str(s.org_logo_url),
  };
}
