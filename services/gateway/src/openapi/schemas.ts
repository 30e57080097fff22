import { z } from 'zod';

/**
 * The parts of JSON Schema 2020-12 (as zod and zod-openapi emit it) that the page and the examples
 * read; every other keyword passes through untouched.
 */
export const JsonSchemaShape = z.looseObject({
  $ref: z.string().optional(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  examples: z.array(z.unknown()).optional(),
  get properties() {
    return z.record(z.string(), JsonSchemaShape).optional();
  },
  required: z.array(z.string()).optional(),
  get items() {
    return JsonSchemaShape.optional();
  },
  get anyOf() {
    return z.array(JsonSchemaShape).optional();
  },
  get oneOf() {
    return z.array(JsonSchemaShape).optional();
  },
  get allOf() {
    return z.array(JsonSchemaShape).optional();
  },
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
});
export type JsonSchema = z.infer<typeof JsonSchemaShape>;

const COMPONENT_PREFIX = '#/components/schemas/';
export const refName = (ref: string): string => ref.slice(COMPONENT_PREFIX.length);
