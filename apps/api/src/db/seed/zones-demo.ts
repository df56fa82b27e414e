/**
 * The demo provider's zones: a network based in Santander grouping municipalities by province.
 * Each municipality is named by its DIVIPOLA code; a provider defines its own zones in the app.
 */
export const DEMO_ZONES: readonly { name: string; description: string; codes: string[] }[] = [
  {
    name: 'Área Metropolitana',
    description: 'Bucaramanga y su área metropolitana',
    codes: ['68001', '68276', '68307', '68547', '68615'],
  },
  {
    name: 'Soto Norte',
    description: 'Provincia de Soto Norte',
    codes: ['68444', '68780', '68820'],
  },
  {
    name: 'Guanentá',
    description: 'San Gil y municipios de la provincia de Guanentá',
    codes: ['68679', '68079', '68167', '68229', '68464', '68533', '68872'],
  },
  {
    name: 'Comunera',
    description: 'El Socorro y la provincia Comunera',
    codes: ['68755', '68500', '68524', '68207'],
  },
  {
    name: 'Magdalena Medio',
    description: 'Barrancabermeja y la provincia de Mares',
    codes: ['68081', '68575', '68655', '68689', '68895'],
  },
  {
    name: 'Vélez y García Rovira',
    description: 'Provincias de Vélez y García Rovira',
    codes: ['68861', '68077', '68432', '68147', '68418'],
  },
];
