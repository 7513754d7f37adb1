import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID read either way is one id (RFC 9562), kept in lower case: ids are stream names and compared as text. */
export function canonicalId(value: string): string {
  return uuid.test(value) ? value.toLowerCase() : value;
}

/** Every route's path ids in their one written form, so `/deposits/<ID IN CAPITALS>` names the same deposit. */
export class CanonicalPathIds implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' && typeof value === 'string' ? canonicalId(value) : value;
  }
}
