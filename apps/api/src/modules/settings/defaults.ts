import { DEFAULT_TIMEZONE } from '@ips/shared/format';

/** Settings of spec part 2 §3 with their documented defaults. */
export function defaultSettings(orgTimezone: string = DEFAULT_TIMEZONE): Record<string, unknown> {
  return {
    org_name: 'IPS Salud Integral',
    org_address: '',
    org_phone: '',
    org_email: '',
    org_website: '',
    org_nit: '',
    org_logo_url: '',
    org_timezone: orgTimezone,
    cc_call_recording_enabled: false,
    cc_auto_distribution_enabled: false,
    cc_max_wait_minutes: 15,
    auto_cancel_without_confirmation: false,
    auto_cancel_also_appointments_default: true,
    /** What a cancellation does with the freed slot: 'auto_assign', 'notify' or 'off' (decision 012). */
    queue_freed_slot_action: 'notify',
  };
}
