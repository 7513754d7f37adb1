import { describe, expect, it } from '@jest/globals';
import { canonicalId, CanonicalPathIds } from './canonical-ids.js';

describe('canonicalId', () => {
  it('writes a UUID in lower case and leaves anything else as it came', () => {
    expect(canonicalId('0D6F2C1A-9B3E-4C55-8A7D-1E2F3A4B5C6D')).toBe('0d6f2c1a-9b3e-4c55-8a7d-1e2f3a4b5c6d');
    expect(canonicalId('0d6f2c1a-9B3E-4c55-8a7d-1e2f3a4b5c6d')).toBe('0d6f2c1a-9b3e-4c55-8a7d-1e2f3a4b5c6d');
    expect(canonicalId('ABC')).toBe('ABC');
    expect(canonicalId('0D6F2C1A-9B3E-4C55-8A7D-1E2F3A4B5C6D-X')).toBe(
      '0D6F2C1A-9B3E-4C55-8A7D-1E2F3A4B5C6D-X',
    );
    expect(canonicalId('Zq3-Reset_Token')).toBe('Zq3-Reset_Token');
  });
});

describe('CanonicalPathIds', () => {
  const pipe = new CanonicalPathIds();
  const id = '0D6F2C1A-9B3E-4C55-8A7D-1E2F3A4B5C6D';

  it('lower-cases an id in the path, and nothing in a body or a query', () => {
    expect(pipe.transform(id, { type: 'param', data: 'id' })).toBe(id.toLowerCase());
    expect(pipe.transform(id, { type: 'query', data: 'after' })).toBe(id);
    expect(pipe.transform({ id }, { type: 'body' })).toEqual({ id });
  });
});
