import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bloodGroups,
  disabilityTypes,
  documentTypes,
  educationLevels,
  eps,
  maritalStatuses,
  municipalities,
  populationGroups,
  zones,
} from '../../db/schema/catalogs';

export const listDocumentTypes = (db: Executor) =>
  db.select().from(documentTypes).orderBy(asc(documentTypes.id));
export const listBloodGroups = (db: Executor) => db.select().from(bloodGroups).orderBy(asc(bloodGroups.id));
export const listDisabilityTypes = (db: Executor) =>
  db.select().from(disabilityTypes).orderBy(asc(disabilityTypes.id));
export const listEducationLevels = (db: Executor) =>
  db.select().from(educationLevels).orderBy(asc(educationLevels.id));
export const listMaritalStatuses = (db: Executor) =>
  db.select().from(maritalStatuses).orderBy(asc(maritalStatuses.id));
export const listPopulationGroups = (db: Executor) =>
  db.select().from(populationGroups).orderBy(asc(populationGroups.id));

export const listZones = (db: Executor) =>
  db
    .select({ id: zones.id, name: zones.name, description: zones.description })
    .from(zones)
    .orderBy(asc(zones.name));

export const listMunicipalities = (db: Executor, zoneId?: number) =>
  db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      code: municipalities.code,
      department: municipalities.department,
      zone_id: municipalities.zoneId,
    })
    .from(municipalities)
    .where(zoneId === undefined ? undefined : eq(municipalities.zoneId, zoneId))
    .orderBy(asc(municipalities.name), asc(municipalities.id));

/** Active EPS, for the selects of the forms. */
export const listActiveEps = (db: Executor) =>
  db
    .select({ id: eps.id, name: eps.name, code: eps.code, affiliation_type: eps.affiliationType })
    .from(eps)
    .where(sql`${eps.status} = 'active'`)
    .orderBy(asc(eps.name));
