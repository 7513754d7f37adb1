/**
 * A JSON body with a `__proto__` key: no field of any request has that name, and an object built from it may drop
 * it silently (zod leaves it out of records) or take it as the object's prototype.
 */
export class RefusedJsonKey extends Error {
  constructor() {
    super('The request body holds the key "__proto__", which no field has');
    this.name = 'RefusedJsonKey';
  }
}

/** JSON.parse's reviver for request bodies: refuses a `__proto__` key at any depth, however it was escaped. */
export function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new RefusedJsonKey();
  return value;
}
