import type { Database } from '../../apps/api/src/db/client';

/**
 * What a receptionist types and clicks, grouped so each group gets its own percentiles. Values that depend on
 * the loaded data (the biggest and a small EPS, Bucaramanga, real documents and phones) are read from the
 * database, so the same scenarios fit 10⁵ and 10⁶ rows.
 */
export interface Scenario {
  name: string;
  group: 'floor' | 'quick search' | 'directory' | 'directory by page number' | 'cards';
  /** Cycled through in order; the first one is the one whose plans are saved. */
  paths: string[];
}

const qs = (q: string) => `/api/patients/search/quicksearch?query=${encodeURIComponent(q)}`;
const dir = (params: string) => `/api/patients-v2?${params}`;

export async function buildScenarios(database: Database): Promise<Scenario[]> {
  const epsRows = await database.query<{ id: number; n: string }>(
    `select insurance_eps_id as id, count(*) as n from patients where insurance_eps_id is not null
      group by 1 order by 2 desc`,
  );
  const bigEps = epsRows[0]?.id ?? 1;
  const smallEps = epsRows[epsRows.length - 1]?.id ?? 1;
  const [bga] = await database.query<{ id: number }>(`select id from municipalities where code = '68001'`);
  // Real rows spread over the table: their documents and phones make searches that find someone.
  const sample = await database.query<{ document: string; phone: string | null }>(
    `select document, phone from patients where id % 9973 = 17 order by id limit 6`,
  );
  const docs = sample.map((r) => r.document);
  const phones = sample.map((r) => r.phone).filter((p): p is string => !!p);
  const [total] = await database.query<{ n: number }>(`select count(*)::int as n from patients`);
  const lastPage = Math.max(1, Math.ceil((total?.n ?? 0) / 12));
  const middle = Math.ceil(lastPage / 2);
  const tenth = Math.ceil(lastPage / 10);
  // The pager of the web app sends the first row of the page on screen as an anchor (repo-anchor.ts): a deep page
  // is reached one or two pages from the one before it. The anchors are read here once, as the previous page.
  const anchorOf = async (page: number, status?: string) => {
    const where = status ? `where status = '${status}'` : '';
    const [row] = await database.query<{ id: number; name_sort: string }>(
      `select id, name_sort from patients ${where} order by name_sort, id offset ${(page - 1) * 12} limit 1`,
    );
    return `anchor=${encodeURIComponent(`${row?.id}:${row?.name_sort}`)}&anchor_page=${page}`;
  };
  const middleAnchor = await anchorOf(Math.max(1, middle - 1));
  const tenthAnchor = await anchorOf(Math.max(1, tenth - 2), 'Activo');

  return [
    // The floor: the same HTTP, authentication (a session lookup) and serialisation path with no patient query.
    { name: 'floor: GET /api/auth/me', group: 'floor', paths: ['/api/auth/me'] },
    {
      name: 'quick: 2-letter prefix',
      group: 'quick search',
      paths: ['ma', 'ju', 'ca', 'lo', 'xi', 'ga', 'ro', 'vi', 'sa', 'pe'].map(qs),
    },
    {
      name: 'quick: surname',
      group: 'quick search',
      paths: ['rodriguez', 'gomez', 'villamizar', 'gelvez', 'pabon', 'santamaria', 'orduz', 'nino'].map(qs),
    },
    {
      name: 'quick: name without accents',
      group: 'quick search',
      paths: ['maria jose', 'sofia', 'angela ramirez', 'alvaro', 'oscar perez', 'jose munoz', 'monica'].map(
        qs,
      ),
    },
    {
      name: 'quick: document prefix',
      group: 'quick search',
      paths: [...docs.map((d) => d.slice(0, 6)), ...docs.slice(0, 3), '1098', '91'].map(qs),
    },
    {
      name: 'quick: phone fragment',
      group: 'quick search',
      paths: [
        ...phones.map((p) => p.slice(3, 10)),
        ...phones.slice(0, 2).map((p) => `${p.slice(0, 3)} ${p.slice(3, 6)}`),
      ].map(qs),
    },
    { name: 'directory: first page', group: 'directory', paths: [dir('page=1&limit=12')] },
    {
      name: 'directory: status tab',
      group: 'directory',
      paths: [dir('status=Activo&page=2&limit=12'), dir('status=Inactivo&page=1&limit=12')],
    },
    {
      name: 'directory: gender / EPS / municipality',
      group: 'directory',
      paths: [
        dir('gender=Femenino&page=1&limit=12'),
        dir(`eps_id=${bigEps}&status=Activo&page=1&limit=12`),
        dir(`eps_id=${smallEps}&page=1&limit=12`),
        dir(`municipality_id=${bga?.id ?? 1}&gender=Masculino&page=3&limit=12`),
      ],
    },
    {
      name: 'directory: search',
      group: 'directory',
      paths: [
        dir('search=rodriguez&page=1&limit=12'),
        dir('search=maria%20jose&status=Activo&page=1&limit=12'),
        dir(`search=gelvez&eps_id=${bigEps}&page=1&limit=12`),
        dir(`search=${docs[0]!.slice(0, 5)}&page=1&limit=12`),
      ],
    },
    {
      name: 'directory: deep page (pager)',
      group: 'directory',
      paths: [
        dir(`page=${middle}&limit=12&${middleAnchor}`),
        dir(`page=${lastPage}&limit=12`),
        dir(`status=Activo&page=${tenth}&limit=12&${tenthAnchor}`),
      ],
    },
    {
      // An API client that asks for a page by number alone: the database skips every row before it.
      name: 'directory: deep page by number',
      group: 'directory by page number',
      paths: [dir(`page=${middle}&limit=12`), dir(`status=Activo&page=${tenth}&limit=12`)],
    },
    { name: 'cards: summary', group: 'cards', paths: ['/api/patients-v2/summary'] },
    { name: 'cards: stats/demographics', group: 'cards', paths: ['/api/patients-v2/stats/demographics'] },
  ];
}
