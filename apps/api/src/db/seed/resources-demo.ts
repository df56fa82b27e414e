import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../client';
import { eps, municipalities } from '../schema/catalogs';
import {
  cups,
  doctorLocations,
  doctors,
  doctorSpecialties,
  epsAuthorizations,
  locations,
  locationSpecialties,
  locationTypes,
  services,
  specialties,
} from '../schema/resources';
import { users } from '../schema/users';

/**
 * A small CUPS catalogue for a fresh installation: seeded on every start but only into an empty table, so
 * codes an administrator deleted or edited stay as they are. Only codes whose number and name are certain;
 * the complete table is the Ministry's (SISPRO) and is loaded with POST /api/cups/import. Prices are the
 * provider's own, so a real installation starts them at 0; the demo sets its own (CUPS_DEMO_PRICES).
 */
export const CUPS_CATALOGUE: readonly { code: string; name: string; category: string }[] = [
  { code: '890201', name: 'Consulta de primera vez por medicina general', category: 'Consulta' },
  { code: '890301', name: 'Consulta de control o de seguimiento por medicina general', category: 'Consulta' },
  { code: '890203', name: 'Consulta de primera vez por odontología general', category: 'Consulta' },
  {
    code: '902210',
    name: 'Hemograma IV (hemoglobina, hematocrito, recuento de eritrocitos, índices eritrocitarios, leucograma, recuento de plaquetas, índices plaquetarios y morfología electrónica e histograma) método automático',
    category: 'Laboratorio clínico',
  },
  {
    code: '903841',
    name: 'Glucosa en suero u otro fluido diferente a orina',
    category: 'Laboratorio clínico',
  },
  { code: '903895', name: 'Creatinina en suero u otros fluidos', category: 'Laboratorio clínico' },
  { code: '907106', name: 'Uroanálisis', category: 'Laboratorio clínico' },
  {
    code: '895100',
    name: 'Electrocardiograma de ritmo o de superficie SOD',
    category: 'Diagnóstico cardiovascular',
  },
];

/** The demo provider's prices for the seeded CUPS (pesos), in line with its services' prices. */
export const CUPS_DEMO_PRICES: Readonly<Record<string, number>> = {
  '890201': 45000,
  '890301': 38000,
  '890203': 40000,
  '902210': 18000,
  '903841': 8000,
  '903895': 9500,
  '907106': 12000,
  '895100': 45000,
};

export async function seedCupsCatalogue(db: Executor): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(cups);
  if ((existing?.n ?? 0) > 0) return;
  await db
    .insert(cups)
    .values(CUPS_CATALOGUE.map((c) => ({ ...c })))
    .onConflictDoNothing();
}

/* Demo network of a provider in Santander. People, addresses, phones and licence numbers are fictitious. */

const SPECIALTIES: [name: string, minutes: number, description: string][] = [
  ['Medicina General', 20, 'Consulta externa de medicina general'],
  ['Odontología General', 30, 'Valoración, higiene oral y tratamientos básicos'],
  ['Pediatría', 20, 'Niños y adolescentes hasta los 17 años'],
  ['Ginecología', 20, 'Salud de la mujer'],
  ['Obstetricia', 20, 'Control prenatal y posparto'],
  ['Medicina Interna', 30, 'Adultos con enfermedades crónicas'],
  ['Cirugía General', 20, 'Valoración prequirúrgica y controles'],
  ['Psicología', 45, 'Consulta psicológica individual'],
  ['Nutrición', 30, 'Nutrición y dietética'],
  ['Dermatología', 20, 'Enfermedades de la piel'],
  ['Cardiología', 30, 'Consulta y seguimiento cardiovascular'],
  ['Ecografías', 20, 'Ecografía general y obstétrica'],
  ['Optometría', 20, 'Examen visual y fórmula de lentes'],
  ['Fisioterapia', 40, 'Terapia física y rehabilitación'],
];

const LOCATION_TYPES: [name: string, status: 'active' | 'inactive'][] = [
  ['Sede principal', 'active'],
  ['Sede ambulatoria', 'active'],
  ['Centro de diagnóstico', 'active'],
  ['Unidad móvil', 'inactive'],
];

type DemoLocation = [
  name: string,
  type: string,
  divipola: string,
  address: string,
  phone: string,
  hours: string,
  emergency: string | null,
  capacity: number,
  specialties: string[],
];
const ALL_CLINICAL = SPECIALTIES.map(([n]) => n).filter((n) => n !== 'Optometría' && n !== 'Fisioterapia');
// prettier-ignore
const LOCATIONS: DemoLocation[] = [
  ['Sede Cabecera', 'Sede principal', '68001', 'Carrera 35 # 52-40, Cabecera del Llano', '607 6432100', 'Lunes a viernes 6:00–19:00; sábados 7:00–13:00', '24 horas', 18, ALL_CLINICAL],
  ['Sede Floridablanca', 'Sede ambulatoria', '68276', 'Calle 4 # 8-25, Cañaveral', '607 6483300', 'Lunes a viernes 7:00–18:00; sábados 7:00–12:00', null, 10, ['Medicina General', 'Odontología General', 'Pediatría', 'Ginecología', 'Psicología', 'Nutrición', 'Optometría', 'Fisioterapia']],
  ['Sede San Gil', 'Sede ambulatoria', '68679', 'Calle 12 # 9-51, Centro', '607 7245500', 'Lunes a viernes 7:00–17:00', null, 8, ['Medicina General', 'Odontología General', 'Pediatría', 'Obstetricia', 'Medicina Interna', 'Ecografías']],
  ['Sede Barrancabermeja', 'Sede ambulatoria', '68081', 'Calle 52 # 17-30, Centro', '607 6214400', 'Lunes a sábado 6:30–18:00', '24 horas', 12, ['Medicina General', 'Odontología General', 'Pediatría', 'Ginecología', 'Obstetricia', 'Medicina Interna', 'Cirugía General', 'Cardiología', 'Fisioterapia']],
  ['Centro Diagnóstico Piedecuesta', 'Centro de diagnóstico', '68547', 'Carrera 6 # 10-35, Centro', '607 6551200', 'Lunes a viernes 6:00–16:00', null, 6, ['Medicina General', 'Cardiología', 'Ecografías']],
];

type DemoDoctor = [
  name: string,
  license: string,
  phone: string,
  specialties: string[],
  locations: string[],
  active?: boolean,
];
const CAB = 'Sede Cabecera';
const FLO = 'Sede Floridablanca';
const SGI = 'Sede San Gil';
const BCA = 'Sede Barrancabermeja';
const PIE = 'Centro Diagnóstico Piedecuesta';
// prettier-ignore
const DOCTORS: DemoDoctor[] = [
  ['Jorge Enrique Martínez Rueda', 'RM-6810234', '3154821930', ['Medicina General'], [CAB, PIE]],
  ['María Fernanda Villamizar Ortiz', 'RM-6811457', '3176203318', ['Medicina General'], [CAB]],
  ['Luis Carlos Pabón Serrano', 'RM-6812980', '3005718842', ['Medicina General'], [FLO]],
  ['Ana Lucía Quintero Gómez', 'RM-6813321', '3112459076', ['Medicina General'], [SGI]],
  ['Sergio Andrés Rangel Duarte', 'RM-6814765', '3208834150', ['Medicina General'], [BCA]],
  ['Mónica Alejandra Reyes Amaya', 'RM-6815092', '3143390217', ['Medicina General'], [BCA, PIE]],
  ['Claudia Patricia Arenas Mantilla', 'OD-6820418', '3186674025', ['Odontología General'], [CAB, FLO]],
  ['Andrés Felipe Cárdenas Téllez', 'OD-6821733', '3017742861', ['Odontología General'], [SGI, BCA]],
  ['Édgar Mauricio Santos Gélvez', 'OD-6822109', '3162208843', ['Odontología General'], [CAB], false],
  ['Diana Carolina Jaimes Rojas', 'RM-6830556', '3125509384', ['Pediatría'], [CAB, FLO]],
  ['Hernán Darío Suárez Prada', 'RM-6831874', '3157716620', ['Pediatría'], [SGI, BCA]],
  ['Liliana Marcela Ardila Hernández', 'RM-6840219', '3004428197', ['Ginecología', 'Obstetricia'], [CAB, BCA]],
  ['Juan Pablo Gómez Lizcano', 'RM-6841683', '3209915402', ['Ginecología', 'Obstetricia'], [FLO]],
  ['Paola Andrea Meneses Cáceres', 'RM-6842350', '3138847716', ['Obstetricia'], [SGI]],
  ['Camilo Ernesto Díaz Plata', 'RM-6850497', '3165523089', ['Medicina Interna'], [CAB]],
  ['Gloria Esperanza Niño Barrera', 'RM-6851128', '3102276534', ['Medicina Interna'], [SGI, BCA]],
  ['Ricardo Alfonso Acevedo Mejía', 'RM-6860743', '3182290415', ['Cirugía General'], [CAB, BCA]],
  ['Natalia Sofía Vargas Castellanos', 'PS-6870315', '3014457782', ['Psicología'], [CAB, FLO]],
  ['Mauricio José Pinzón Ríos', 'PS-6871962', '3158803364', ['Psicología'], [CAB]],
  ['Laura Daniela Sandoval Pico', 'ND-6880274', '3117762093', ['Nutrición'], [CAB, FLO]],
  ['Óscar Iván Remolina Silva', 'RM-6890618', '3203318857', ['Dermatología'], [CAB]],
  ['Adriana Milena Torres Galvis', 'RM-6900835', '3174409126', ['Cardiología'], [CAB, PIE]],
  ['Fabio Hernando Chacón Vesga', 'RM-6901472', '3136652281', ['Cardiología', 'Medicina Interna'], [BCA]],
  ['Carolina Isabel Moreno Uribe', 'RM-6910397', '3009981547', ['Ecografías'], [PIE, CAB]],
  ['Julián David Figueroa León', 'RM-6911806', '3185537702', ['Ecografías'], [SGI]],
  ['Sandra Milena Estévez Peña', 'OP-6920541', '3121174458', ['Optometría'], [FLO]],
  ['Wilson Alberto Delgado Corzo', 'FT-6930285', '3166640319', ['Fisioterapia'], [FLO, BCA]],
];

const SERVICES: [name: string, category: string, price: number][] = [
  ['Consulta de medicina general', 'consulta', 45000],
  ['Consulta de medicina especializada', 'consulta', 95000],
  ['Consulta de odontología general', 'consulta', 40000],
  ['Consulta de psicología', 'consulta', 70000],
  ['Consulta de nutrición', 'consulta', 60000],
  ['Consulta de optometría', 'consulta', 35000],
  ['Sesión de fisioterapia', 'procedimiento', 55000],
  ['Hemograma IV', 'laboratorio', 18000],
  ['Glucosa en suero', 'laboratorio', 8000],
  ['Perfil lipídico', 'laboratorio', 38000],
  ['Uroanálisis', 'laboratorio', 12000],
  ['Ecografía de abdomen total', 'imagen', 110000],
  ['Ecografía obstétrica', 'imagen', 95000],
  ['Radiografía de tórax', 'imagen', 60000],
  ['Electrocardiograma', 'procedimiento', 45000],
  ['Citología cervicovaginal', 'procedimiento', 30000],
  ['Certificado médico', 'otro', 25000],
];

/** EPS with an agreement (names as in the EPS catalogue), where and for what they authorize. */
const AGREEMENTS: [eps: string, since: string, locations: string[], specialties: string[] | 'all'][] = [
  ['Nueva EPS', '2024-02-01', [CAB, FLO, SGI, BCA, PIE], 'all'],
  ['EPS Sanitas', '2024-06-15', [CAB, FLO], 'all'],
  [
    'Salud Total EPS',
    '2025-01-10',
    [CAB, BCA],
    ['Medicina General', 'Odontología General', 'Pediatría', 'Ginecología', 'Obstetricia'],
  ],
  [
    'Coosalud EPS',
    '2025-03-01',
    [SGI, BCA],
    ['Medicina General', 'Odontología General', 'Pediatría', 'Obstetricia'],
  ],
];

const emailOf = (name: string) => {
  const [first, , last] = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${first}.${last}@demo.ips.co`;
};

/** Demo master data, only in demo mode. Runs once: skipped when any specialty exists. */
export async function seedResourcesDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(specialties);
    if ((existing?.n ?? 0) > 0) return;

    const specialtyRows = await tx
      .insert(specialties)
      .values(
        SPECIALTIES.map(([name, defaultDurationMinutes, description]) => ({
          name,
          defaultDurationMinutes,
          description,
        })),
      )
      .returning({ id: specialties.id, name: specialties.name });
    const specialtyId = new Map(specialtyRows.map((r) => [r.name, r.id]));
    const typeRows = await tx
      .insert(locationTypes)
      .values(LOCATION_TYPES.map(([name, status]) => ({ name, status })))
      .returning({ id: locationTypes.id, name: locationTypes.name });
    const typeId = new Map(typeRows.map((r) => [r.name, r.id]));
    const towns = await tx
      .select({ id: municipalities.id, code: municipalities.code })
      .from(municipalities)
      .where(
        inArray(
          municipalities.code,
          LOCATIONS.map((l) => l[2]),
        ),
      );
    const townId = new Map(towns.map((m) => [m.code, m.id]));

    const locationId = new Map<string, number>();
    for (const [name, type, divipola, address, phone, hours, emergencyHours, capacity, specs] of LOCATIONS) {
      const [row] = await tx
        .insert(locations)
        .values({
          name,
          locationTypeId: typeId.get(type)!,
          municipalityId: townId.get(divipola) ?? null,
          address,
          phone,
          hours,
          emergencyHours,
          capacity,
        })
        .returning({ id: locations.id });
      locationId.set(name, row!.id);
      await tx
        .insert(locationSpecialties)
        .values(specs.map((s) => ({ locationId: row!.id, specialtyId: specialtyId.get(s)! })));
    }

    // The demo doctor account signs in as the first doctor of the list.
    const [doctorUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'doctor@demo.ips.co'));
    for (const [i, [name, licenseNumber, phone, specs, locs, active = true]] of DOCTORS.entries()) {
      const [row] = await tx
        .insert(doctors)
        .values({
          name,
          licenseNumber,
          phone,
          email: emailOf(name),
          active,
          userId: i === 0 ? (doctorUser?.id ?? null) : null,
        })
        .returning({ id: doctors.id });
      await tx
        .insert(doctorSpecialties)
        .values(specs.map((s) => ({ doctorId: row!.id, specialtyId: specialtyId.get(s)! })));
      await tx
        .insert(doctorLocations)
        .values(locs.map((l) => ({ doctorId: row!.id, locationId: locationId.get(l)! })));
    }

    await tx
      .insert(services)
      .values(
        SERVICES.map(([name, category, basePrice]) => ({ name, category, basePrice, currency: 'COP' })),
      );

    // Prices of the seeded CUPS still at 0 (an administrator's own prices are kept).
    for (const [code, price] of Object.entries(CUPS_DEMO_PRICES))
      await tx
        .update(cups)
        .set({ price })
        .where(and(eq(cups.code, code), eq(cups.price, 0)));

    for (const [epsName, since, locs, specs] of AGREEMENTS) {
      const [insurer] = await tx.select({ id: eps.id }).from(eps).where(eq(eps.name, epsName));
      if (!insurer) continue;
      await tx
        .update(eps)
        .set({ hasAgreement: true, agreementDate: since, updatedAt: sql`now()` })
        .where(and(eq(eps.id, insurer.id), eq(eps.hasAgreement, false), isNull(eps.agreementDate)));
      const rows = locs.flatMap((l) => {
        const offered = LOCATIONS.find((x) => x[0] === l)![8];
        return offered
          .filter((s) => specs === 'all' || specs.includes(s))
          .map((s) => ({
            epsId: insurer.id,
            locationId: locationId.get(l)!,
            specialtyId: specialtyId.get(s)!,
            authorized: true,
            authorizationDate: since,
          }));
      });
      await tx.insert(epsAuthorizations).values(rows).onConflictDoNothing();
    }
  });
}
