import type { AppConfig } from '../../config';
import type { Db } from '../client';
import { localDate } from '@ips/shared/format';
import { seedCatalogs } from './catalogs';
import { insertSettingDefaults } from './settings';
import { seedAgendasDemo } from './agendas-demo';
import { seedHolidays } from './holidays';
import { seedCupsCatalogue, seedResourcesDemo } from './resources-demo';
import { seedRipsCatalogs, seedRipsDemo } from './rips';
import { seedDemoPatients } from './patients-demo';
import { seedQueueDemo } from './queue-demo';
import { seedBillingDemo } from './billing-demo';
import { seedCallsDemo } from './calls-demo';
import { seedRipsDemoRecords } from './rips-demo';
import { seedVoiceDemo } from './voice-demo';
import { disableDemoAccounts, resolveDemoMode } from './demo-mode';
import { findUserIdByEmail, seedDemoUsers, upsertAdmin } from './users';

export interface SeedReport {
  adminCreated?: string;
  /** Demo mode in force for this start (resolveDemoMode), which may differ from config.demoMode. */
  demo: boolean;
  /** Demo accounts switched off at this start because demo mode is off. */
  demoAccountsDisabled?: number;
}

/**
 * Runs on every start and is idempotent: catalogues and default settings always; the administrator from
 * ADMIN_EMAIL/ADMIN_PASSWORD when no account has that e-mail yet (a restart never resets its password); demo users,
 * demo zones, demo master data, demo patients, demo agendas, a demo waiting queue, the billing of the demo
 * appointments already attended and two weeks of demo calls only in demo mode; the small CUPS catalogue and
 * the Colombian holidays always. Whether this start is a demo is settled first (resolveDemoMode, decision 021); when
 * it is not, the demo accounts are switched off.
 */
/** What the features contribute to the first data (the seed knows no feature: its callers pass these). */
export interface SeedInputs {
  /** The settings with their defaults (modules/settings/defaults.ts); missing keys are added. */
  settings: Record<string, unknown>;
}

export async function seed(db: Db, config: AppConfig, inputs: SeedInputs): Promise<SeedReport> {
  const demo = await resolveDemoMode(db, config);
  await insertSettingDefaults(db, inputs.settings);
  await seedCatalogs(db, { demoZones: demo });
  await seedCupsCatalogue(db);
  await seedRipsCatalogs(db);
  await seedHolidays(db, localDate(new Date(), config.orgTimezone));
  const report: SeedReport = { demo };
  if (config.adminEmail && config.adminPassword && !(await findUserIdByEmail(db, config.adminEmail))) {
    await upsertAdmin(db, config.adminEmail, config.adminPassword);
    report.adminCreated = config.adminEmail;
  }
  if (!demo) {
    const disabled = await disableDemoAccounts(db);
    if (disabled.length) report.demoAccountsDisabled = disabled.length;
  }
  if (demo) {
    await seedDemoUsers(db);
    await seedResourcesDemo(db);
    await seedRipsDemo(db);
    await seedDemoPatients(db, config.orgTimezone);
    await seedAgendasDemo(db, config.orgTimezone);
    await seedQueueDemo(db);
    await seedBillingDemo(db);
    await seedRipsDemoRecords(db);
    await seedCallsDemo(db, config.orgTimezone);
    await seedVoiceDemo(db);
  }
  return report;
}
