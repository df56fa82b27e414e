const LOWER = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e', 'en']);

/** 'SANTA ROSA DE OSOS' → 'Santa Rosa de Osos'; 'SAN ANDRÉS DE TUMACO' keeps its accents. */
export function titleCase(upper: string): string {
  return upper
    .toLocaleLowerCase('es-CO')
    .split(/(\s+|-|\()/)
    .map((word, i) => {
      if (!word.trim() || word === '-' || word === '(') return word;
      if (i > 0 && LOWER.has(word)) return word;
      // Dotted initials stay capitals: 'D.C.' (Distrito Capital).
      if (/^(\p{L}\.)+,?$/u.test(word)) return word.toLocaleUpperCase('es-CO');
      return word.charAt(0).toLocaleUpperCase('es-CO') + word.slice(1);
    })
    .join('');
}
