import { z } from 'zod';

/** Spanish default messages for any check a schema does not word itself. Import once at start-up. */
z.config(z.locales.es());
