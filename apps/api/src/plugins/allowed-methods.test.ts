import { describe, expect, it } from 'vitest';
import { AllowedMethods, pathPattern } from './allowed-methods';

describe('AllowedMethods', () => {
  it('matches a path by its pattern, a parameter being one segment or part of one', () => {
    expect(pathPattern('/api/eps/:id').test('/api/eps/7')).toBe(true);
    expect(pathPattern('/api/eps/:id').test('/api/eps/7/x')).toBe(false);
    expect(pathPattern('/api/eps/:id').test('/api/eps/')).toBe(false);
    expect(pathPattern('/api/calls/history/export.csv').test('/api/calls/history/exportXcsv')).toBe(false);
    expect(pathPattern('/api/files/:name.pdf').test('/api/files/informe.pdf')).toBe(true);
    expect(pathPattern('/api/items/:id(^\\d+)').test('/api/items/12')).toBe(true);
  });

  it('collects the methods of every matching path, HEAD with GET, ignoring wildcard routes', () => {
    const r = new AllowedMethods();
    r.add('/api/eps', ['GET', 'POST']);
    r.add('/api/eps/:id', 'PUT');
    r.add('/api/eps/search', 'GET');
    r.add('/*', 'GET');
    r.add('*', 'OPTIONS');
    expect(r.allowed('/api/eps')).toEqual(['GET', 'HEAD', 'POST']);
    expect(r.allowed('/api/eps/search')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(r.allowed('/no-existe')).toEqual([]);
  });
});
