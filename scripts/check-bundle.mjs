// Bundle budget: the JavaScript a user downloads to see the login page and the app shell must stay under
// BUDGET_KB gzip, and no chart, PDF or spreadsheet code may be in that graph (they load on click).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// Packages that must only load on demand (charts, PDF, spreadsheets and what they bring).
const HEAVY_PACKAGES = [
  'recharts',
  'jspdf',
  'jspdf-autotable',
  'exceljs',
  'html2canvas',
  'd3-shape',
  'victory-vendor',
];
const HEAVY = [/jspdf/i, /jspdf-autotable/i, /recharts/i, /exceljs/i, /html2canvas/i];
// Written by the `ips-chunk-modules` plugin in apps/web/vite.config.ts: chunk file → packages inside.
const chunkModules = JSON.parse(readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'));
const SHELL = ['src/app/routes/login-page.tsx', 'src/app/layout/app-layout.tsx'];

const roots = [
  ...Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .map(([k]) => k),
  ...Object.keys(manifest).filter((k) => SHELL.some((s) => k.endsWith(s))),
];
if (roots.length < 1 + SHELL.length) {
  console.error(`check-bundle: faltan entradas en el manifiesto (${roots.join(', ')})`);
  process.exit(1);
}

// Static imports only: what loads before the first screen can show.
const seen = new Set();
const visit = (key) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) visit(i);
};
roots.forEach(visit);

let total = 0;
const offenders = [];
const rows = [];
for (const key of seen) {
  const chunk = manifest[key];
  if (!chunk.file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, chunk.file));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  rows.push([chunk.file, (gz / 1024).toFixed(1)]);
  const text = code.toString('utf8');
  const packages = chunkModules[chunk.file];
  if (!packages) offenders.push(`${chunk.file} no aparece en chunk-modules.json (¿build sin el plugin?)`);
  for (const p of packages ?? [])
    if (HEAVY_PACKAGES.includes(p)) offenders.push(`${chunk.file} incluye ${p}`);
  for (const re of HEAVY)
    if (re.test(key) || re.test(chunk.name ?? '')) offenders.push(`${chunk.file} (${re.source})`);
  if (/new jsPDF|jsPDF\.API|ResponsiveContainer|ExcelJS|WorkbookWriter/.test(text))
    offenders.push(`${chunk.file} contiene código de gráficos/PDF/Excel`);
}

rows.sort((a, b) => Number(b[1]) - Number(a[1]));
for (const [file, kb] of rows) console.log(`${kb.padStart(7)} KB  ${file}`);
const kb = total / 1024;
console.log(`Inicial (login + shell): ${kb.toFixed(1)} KB gzip de ${BUDGET_KB} KB permitidos`);
if (offenders.length) {
  console.error(`Código pesado en la carga inicial:\n  ${[...new Set(offenders)].join('\n  ')}`);
  process.exit(1);
}
if (kb > BUDGET_KB) {
  console.error(`El JavaScript inicial excede el presupuesto: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
