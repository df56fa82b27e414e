/*
 * The methods each registered path answers (issue 34 item 17): a request to an existing path with a method it
 * does not take is a 405 with `Allow` (RFC 9110 §15.5.6), not the router's 404. Fastify's router matches a
 * method and a path together, so the paths are kept here too, as patterns, from the onRoute hook.
 */

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** '/api/patients/:id' → /^\/api\/patients\/[^/]+$/ (a parameter is one path segment, or the rest of one). */
export function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment
        .split(/(:[A-Za-z_][\w]*(?:\([^)]*\))?)/)
        .map((part) => (part.startsWith(':') ? '[^/]+?' : escape(part)))
        .join(''),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export class AllowedMethods {
  private readonly paths = new Map<string, PathMethods>();

  /** A route as onRoute sees it. A wildcard route (the web app's '/*', CORS's OPTIONS '*') names no path. */
  add(url: string, method: string | string[]) {
    if (url.includes('*')) return;
    let entry = this.paths.get(url);
    if (!entry) {
      entry = { pattern: pathPattern(url), methods: new Set() };
      this.paths.set(url, entry);
    }
    for (const m of Array.isArray(method) ? method : [method]) entry.methods.add(m.toUpperCase());
    // Fastify answers HEAD for every GET route.
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
  }

  /** The methods of every registered path that matches `path`, sorted; empty when no path matches. */
  allowed(path: string): string[] {
    const found = new Set<string>();
    for (const { pattern, methods } of this.paths.values())
      if (pattern.test(path)) for (const m of methods) found.add(m);
    return [...found].sort();
  }
}
