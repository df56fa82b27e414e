import type { patients } from '../schema/patients';

/**
 * Realistic patient rows, deterministic from a seed: row i depends only on (seed, i), so a benchmark can
 * stream 1,000,000 rows into COPY in chunks (or in parallel) and get the same table every time. Documents are
 * unique by construction (a permutation of i), so the rows never hit the unique index.
 */
export type GeneratedPatient = typeof patients.$inferInsert;

export interface GeneratorRefs {
  /** Municipalities to place patients in, with their zone (the demo zones' municipalities, say). */
  municipalities: readonly { id: number; zoneId: number | null }[];
  /** EPS with the regime they serve ('Contributivo', 'Subsidiado', 'Ambos'); the first ones get most patients. */
  eps: readonly { id: number; affiliationType: string | null }[];
}

export interface GeneratorOptions {
  seed: number;
  refs: GeneratorRefs;
  /** Registration dates fall in the three years before this instant (fixed default: same rows on every run). */
  now?: Date;
}

/** Name lists for demo and benchmark patients: frequent Colombian given names and surnames (Santander-heavy). */
// prettier-ignore
const FEMALE_NAMES = [
  'María', 'Ana', 'Luisa', 'Carolina', 'Daniela', 'Valentina', 'Laura', 'Camila', 'Paula', 'Andrea', 'Diana',
  'Sandra', 'Claudia', 'Martha', 'Luz', 'Gloria', 'Adriana', 'Natalia', 'Juliana', 'Sofía', 'Isabella',
  'Mariana', 'Gabriela', 'Alejandra', 'Lorena', 'Yolanda', 'Rosa', 'Carmen', 'Esperanza', 'Blanca', 'Patricia',
  'Liliana', 'Ángela', 'Mónica', 'Johana', 'Yesenia', 'Leidy', 'Karen', 'Tatiana', 'Viviana', 'Salomé',
  'Antonella', 'Manuela', 'Isabel', 'Teresa', 'Lucía', 'Inés', 'Beatriz', 'Marcela', 'Xiomara',
] as const;
// prettier-ignore
const FEMALE_SECOND_NAMES = [
  'Fernanda', 'Camila', 'Alejandra', 'Paola', 'Marcela', 'Cristina', 'Isabel', 'Lucía', 'Andrea', 'Valentina',
  'Patricia', 'Esther', 'Stella', 'Elena', 'del Pilar', 'del Carmen', 'Victoria',
] as const;
// prettier-ignore
const MALE_NAMES = [
  'Juan', 'Carlos', 'Luis', 'Jorge', 'Andrés', 'José', 'Miguel', 'Diego', 'Santiago', 'Sebastián', 'Alejandro',
  'Daniel', 'David', 'Felipe', 'Camilo', 'Javier', 'Óscar', 'Fabián', 'Édgar', 'Hernando', 'Álvaro', 'Germán',
  'Jairo', 'Wilson', 'Fredy', 'Orlando', 'Ricardo', 'Mauricio', 'Nelson', 'Hugo', 'Iván', 'Julián', 'Mateo',
  'Samuel', 'Matías', 'Emiliano', 'Tomás', 'Nicolás', 'Gabriel', 'Esteban', 'Rafael', 'Gustavo', 'Rubén',
  'Ramiro', 'Pedro', 'Víctor', 'Héctor', 'Armando', 'Cristian', 'Brayan',
] as const;
// prettier-ignore
const MALE_SECOND_NAMES = [
  'David', 'Sebastián', 'Andrés', 'Felipe', 'Camilo', 'Esteban', 'Alberto', 'Eduardo', 'Enrique', 'Fernando',
  'Antonio', 'Manuel', 'José', 'Alejandro', 'Mauricio', 'Arturo', 'Augusto', 'Julián',
] as const;
// prettier-ignore
const SURNAMES = [
  'Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez',
  'Díaz', 'Muñoz', 'Rojas', 'Moreno', 'Jiménez', 'Torres', 'Vargas', 'Castro', 'Ortiz', 'Gutiérrez', 'Suárez',
  'Romero', 'Álvarez', 'Valencia', 'Quintero', 'Cárdenas', 'Restrepo', 'Ospina', 'Ramos', 'Mejía', 'Zapata',
  'Osorio', 'Cruz', 'Herrera', 'Medina', 'Parra', 'Castillo', 'Aguilar', 'Correa', 'Arias', 'Rincón',
  'Salazar', 'Rivera', 'Guerrero', 'Mendoza', 'Silva', 'Pineda', 'Acosta', 'Vélez', 'Duarte', 'Guzmán', 'Niño',
  'Becerra', 'Camacho', 'Villamizar', 'Galvis', 'Serrano', 'Pabón', 'Ardila', 'Jaimes', 'Mantilla', 'Ordóñez',
  'Peña', 'Sarmiento', 'Rueda', 'Cáceres', 'Uribe', 'Barrera', 'Carreño', 'Gélvez', 'Plata', 'Reyes',
  'Beltrán', 'Orduz', 'Chaparro', 'Amaya', 'Delgado', 'Flórez', 'Quiroga', 'Santamaría', 'Calderón',
  'Bautista', 'Toloza', 'Navas',
] as const;
const STREETS = ['Calle', 'Carrera', 'Avenida', 'Transversal', 'Diagonal'] as const;
const EMAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.es',
  'gmail.com',
  'hotmail.com',
] as const;

/** mulberry32: tiny, fast, good enough for test data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const mix = (seed: number, i: number) =>
  Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35);

/** Picks from [value, weight] pairs. */
function weighted<T>(r: number, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[table.length - 1]![0];
}

// prettier-ignore
const AGE_BANDS: readonly (readonly [readonly [number, number], number])[] = [[[0, 5], 8], [[6, 17], 15], [[18, 28], 18], [[29, 59], 40], [[60, 95], 19]];
// prettier-ignore
const BLOOD: readonly (readonly [number, number])[] = [[7, 61], [1, 26], [3, 8], [5, 1.5], [8, 2.5], [2, 1], [4, 0.3], [6, 0.1]];
// prettier-ignore
const ESTRATO: readonly (readonly [number, number])[] = [[1, 22], [2, 33], [3, 27], [4, 10], [5, 5], [6, 3]];
// prettier-ignore
const EDUCATION: readonly (readonly [number, number])[] = [[1, 18], [2, 35], [3, 15], [4, 10], [5, 17], [6, 5]];
// prettier-ignore
const MARITAL: readonly (readonly [number, number])[] = [[1, 38], [2, 25], [3, 25], [4, 7], [5, 5]];
// prettier-ignore
const POPULATION: readonly (readonly [number, number])[] = [[1, 88], [3, 7], [2, 3], [6, 1], [5, 0.5], [4, 0.5]];
const DAY = 86_400_000;

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const pad = (n: number, len: number) => String(n).padStart(len, '0');

/**
 * A unique document for row i: the 8-digit cédula of people who got it before the NUIP (born before 1985), else a
 * 10-digit NUIP-style number (1.0xx.xxx.xxx). i ↦ (i·P + offset) mod M is a bijection when P and M are coprime,
 * and the two forms differ in length, so no two rows share a document.
 */
function documentFor(i: number, seed: number, old: boolean): string {
  if (old) return String(10_000_000 + ((i * 7_919 + (seed % 1000) * 1_009) % 89_999_999));
  return String(1_000_000_000 + ((i * 104_729 + (seed % 1000) * 7_907) % 999_999_999));
}

export function generatePatient(i: number, opts: GeneratorOptions): GeneratedPatient {
  const r = rng(mix(opts.seed, i));
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const now = (opts.now ?? new Date('2026-01-01T12:00:00Z')).getTime();

  const female = r() < 0.52;
  const [from, to] = weighted(r(), AGE_BANDS);
  const ageDays = Math.floor((from + r() * (to - from + 1)) * 365.25);
  const birth = new Date(now - ageDays * DAY - r() * DAY);
  const age = ageDays / 365.25;
  const adult = age >= 18;

  const first = female ? pick(FEMALE_NAMES) : pick(MALE_NAMES);
  // 'José' as a woman's second name only after María (María José).
  const second =
    r() < 0.6
      ? ` ${female ? (first === 'María' && r() < 0.4 ? 'José' : pick(FEMALE_SECOND_NAMES)) : pick(MALE_SECOND_NAMES)}`
      : '';
  const surname1 = pick(SURNAMES);
  const surname2 = pick(SURNAMES);
  const name = `${first}${second} ${surname1} ${surname2}`;

  const documentTypeId = adult ? (r() < 0.01 ? 3 : 1) : age >= 7 ? 2 : 5;
  const document = documentFor(i, opts.seed, birth.getUTCFullYear() < 1985);

  const phone = `3${pick(['00', '01', '02', '04', '05', '10', '11', '12', '13', '14', '15', '16', '17', '18', '20', '21', '23', '50'])}${pad(Math.floor(r() * 10_000_000), 7)}`;
  const phoneAlt = r() < 0.25 ? `607${pad(6_000_000 + Math.floor(r() * 999_999), 7)}` : null;
  const email =
    adult && r() < 0.6
      ? `${ascii(first)}.${ascii(surname1)}${Math.floor(r() * 100)}@${pick(EMAIL_DOMAINS)}`
      : null;

  const municipality = opts.refs.municipalities.length ? pick(opts.refs.municipalities) : null;
  const eps = opts.refs.eps.length
    ? opts.refs.eps[Math.min(opts.refs.eps.length - 1, Math.floor(r() ** 2.5 * opts.refs.eps.length))]!
    : null;
  const affiliation =
    eps?.affiliationType === 'Subsidiado'
      ? 'Subsidiado'
      : eps?.affiliationType === 'Contributivo'
        ? 'Contributivo'
        : r() < 0.55
          ? 'Contributivo'
          : 'Subsidiado';
  const hasDisability = r() < 0.07;

  // Most registrations are old; about 1 in 300 happened in the last day (so 'Nuevos Hoy' is rarely empty).
  const createdAt = new Date(now - (r() < 0.003 ? r() * DAY : r() * 3 * 365 * DAY));
  return {
    document,
    documentTypeId,
    name,
    birthDate: birth.toISOString().slice(0, 10),
    gender: r() < 0.004 ? 'Otro' : female ? 'Femenino' : 'Masculino',
    status: r() < 0.05 ? 'Inactivo' : 'Activo',
    phone,
    phoneAlt,
    email,
    address: `${pick(STREETS)} ${1 + Math.floor(r() * 120)} # ${1 + Math.floor(r() * 80)}-${pad(1 + Math.floor(r() * 99), 2)}`,
    municipalityId: municipality?.id ?? null,
    zoneId: municipality?.zoneId ?? null,
    bloodGroupId: weighted(r(), BLOOD),
    hasDisability,
    disabilityTypeId: hasDisability ? 1 + Math.floor(r() * 5) : null,
    notes:
      r() < 0.1
        ? pick([
            'Hipertensión arterial controlada',
            'Diabetes tipo 2',
            'Asma',
            'Hipotiroidismo',
            'Sin antecedentes relevantes',
          ])
        : null,
    insuranceEpsId: eps?.id ?? null,
    insuranceAffiliationType: eps ? affiliation : 'Particular',
    educationLevelId: adult ? weighted(r(), EDUCATION) : age >= 6 ? 1 : null,
    maritalStatusId: adult ? weighted(r(), MARITAL) : 1,
    populationGroupId: weighted(r(), POPULATION),
    estrato: weighted(r(), ESTRATO),
    allergies: r() < 0.08 ? pick(['Penicilina', 'AINES', 'Sulfas', 'Mariscos', 'Látex']) : null,
    medicalConditions: null,
    emergencyContactName: r() < 0.3 ? `${pick(r() < 0.5 ? FEMALE_NAMES : MALE_NAMES)} ${surname1}` : null,
    emergencyContactPhone: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Rows start..start+count-1 of the sequence. */
export function* generatePatients(
  count: number,
  opts: GeneratorOptions,
  start = 0,
): Generator<GeneratedPatient> {
  for (let i = start; i < start + count; i++) yield generatePatient(i, opts);
}

/** Generated fields in COPY order; PATIENT_COPY_COLUMNS names them as the table does. */
// prettier-ignore
const COPY_KEYS = [
  'document', 'documentTypeId', 'name', 'birthDate', 'gender', 'status', 'phone', 'phoneAlt', 'email', 'address',
  'municipalityId', 'zoneId', 'bloodGroupId', 'hasDisability', 'disabilityTypeId', 'notes', 'insuranceEpsId',
  'insuranceAffiliationType', 'educationLevelId', 'maritalStatusId', 'populationGroupId', 'estrato', 'allergies',
  'medicalConditions', 'emergencyContactName', 'emergencyContactPhone', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof GeneratedPatient)[];

/** For `COPY patients (…) FROM STDIN` with lines from copyLine. */
export const PATIENT_COPY_COLUMNS: readonly string[] = COPY_KEYS.map((k) =>
  k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
);

const copyValue = (v: unknown) =>
  v == null
    ? '\\N'
    : v instanceof Date
      ? v.toISOString()
      : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

/** One line of COPY text format (tab-separated, \N for null). */
export function copyLine(p: GeneratedPatient): string {
  return `${COPY_KEYS.map((k) => copyValue(p[k])).join('\t')}\n`;
}
