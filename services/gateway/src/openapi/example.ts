import { refName, type JsonSchema } from './schemas';

const STRING_BY_FORMAT: Record<string, string> = {
  email: 'owner@example.com',
  uuid: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f',
  'date-time': '2026-11-22T09:00:00.000Z',
  uri: 'https://example.com/',
};

/**
 * An example value for `schema`: its own example when the contract gives one,
 * otherwise one assembled from its fields' examples and types (required
 * fields only, so the result stays valid). Every request body in the
 * reference shows one.
 */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>): unknown {
  if (schema.$ref) return exampleOf(components[refName(schema.$ref)] ?? {}, components);
  if ('example' in schema) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return exampleOf(options.find((o) => o.type !== 'null') ?? options[0]!, components);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, exampleOf(schema.properties?.[key] ?? {}, components)]));
    case 'array':
      return [exampleOf(schema.items ?? {}, components)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'string':
      return STRING_BY_FORMAT[schema.format ?? ''] ?? 'text';
    default:
      return null;
  }
}
