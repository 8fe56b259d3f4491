// The congregation scope helpers (issue 12): rights from the user, the view from the app bar's
// selection header, and the read/write rules for records inside and outside them.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseCongregationIds, slugOf } from '../../domain/congregations.js';
import {
  canRead,
  canWrite,
  ensureReadable,
  ensureWritable,
  rightsOf,
  viewOf,
} from '../../server/http/scope.js';

function request(congregation_ids: number[], header?: string | string[]) {
  return {
    user: { congregation_ids },
    headers: header === undefined ? {} : { 'x-congregation': header },
  } as unknown as FastifyRequest;
}

describe('congregation scope', () => {
  it('reads the rights from the user: none listed is the whole church', () => {
    expect(rightsOf(request([]))).toBeNull();
    expect(rightsOf(request([3, 7]))).toEqual([3, 7]);
  });

  it('narrows the view by the selection, never past the rights', () => {
    expect(viewOf(request([]))).toBeNull();
    expect(viewOf(request([], 'all'))).toBeNull();
    expect(viewOf(request([], '5'))).toEqual([5]);
    expect(viewOf(request([3, 7], ['all', '7']))).toEqual([7]);
    expect(viewOf(request([3, 7], 'all'))).toEqual([3, 7]);
    expect(() => viewOf(request([3, 7], '5'))).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    for (const bad of ['x', '-1', '0', '2147483648', '1e3']) {
      expect(() => viewOf(request([], bad))).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });

  it('hides records outside the rights (404) and refuses changes there (403)', () => {
    expect(canRead(null, 9)).toBe(true);
    expect(canRead([3], 3)).toBe(true);
    expect(canRead([3], null)).toBe(true);
    expect(canRead([3], 9)).toBe(false);
    expect(canWrite([3], null)).toBe(false);
    expect(canWrite(null, null)).toBe(true);
    expect(() => ensureReadable([3], 9)).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => ensureWritable([3], 9)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => ensureWritable([3], 3)).not.toThrow();
  });

  it('parses stored ids and makes slugs', () => {
    expect(parseCongregationIds('[7,3,3,"x",-1,2.5]')).toEqual([3, 7]);
    expect(parseCongregationIds('not json')).toEqual([]);
    expect(slugOf('Congregação Vila Nova — Setor 2')).toBe('congregacao-vila-nova-setor-2');
    expect(slugOf('!!!')).toBe('congregacao');
  });
});
