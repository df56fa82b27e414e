/** Figures as the screen shows them (es-CO); a missing figure is '—', never 0. */
const nf = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });
export const fmtNumber = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : nf.format(v);
export const fmtPercent = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${nf.format(Math.round(v * 1000) / 10)} %`;
