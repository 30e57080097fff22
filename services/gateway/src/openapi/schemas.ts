import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** The parts of JSON Schema 2020-12 (as zod emits it) that the document and the page read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

export type Io = 'input' | 'output';

const COMPONENT_PREFIX = '#/components/schemas/';
const schemaRef = (name: string): string => COMPONENT_PREFIX + name;
export const refName = (ref: string): string => ref.slice(COMPONENT_PREFIX.length);

/** Every component name a value refers to with `$ref`, however deep. */
function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') into.add(refName(v));
      else refsIn(v, into);
    }
  }
  return into;
}

function reachable(roots: Iterable<string>, components: Record<string, JsonSchema>): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    if (seen.has(name) || !components[name]) continue;
    seen.add(name);
    todo.push(...refsIn(components[name]));
  }
  return seen;
}

const pick = <T>(record: Record<string, T>, keys: Set<string>): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([k]) => keys.has(k)));

/** The id a schema was given with `.meta({ id })`, which makes it a component. */
const componentId = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

export interface ConvertedSchemas {
  /** What to write where `schema` is used: a `$ref` for a schema with an id, else the schema itself. */
  jsonFor(schema: z.ZodType, io: Io): JsonSchema;
  /** Follows a `$ref` to its component. */
  resolve(json: JsonSchema): JsonSchema;
  /** Each schema with an id that the given schemas use, once. */
  components: Record<string, JsonSchema>;
}

interface Conversion {
  components: Record<string, JsonSchema>;
  inline: Map<z.ZodType, JsonSchema>;
  /** Components the converted schemas refer to, directly or not. */
  used: Set<string>;
}

/**
 * Converts one side (request or response schemas) with zod's own JSON Schema
 * support. Every schema with a global id goes into one registry, so zod emits
 * each once and refers to it by `$ref`; the others are converted inline.
 */
function convert(schemas: z.ZodType[], io: Io, name: (id: string) => string): Conversion {
  const registry = z.registry<{ id: string }>();
  // Every schema with an id, not only the ones given: zod would refer to one
  // missing from the registry through a separate `__shared` document. The
  // unused ones are left out afterwards.
  for (const [id, schema] of z.globalRegistry._idmap) registry.add(schema, { id });
  const inlineIds = new Map<z.ZodType, string>();
  for (const schema of schemas) {
    if (componentId(schema) || inlineIds.has(schema)) continue;
    const id = `inline-${inlineIds.size}`;
    inlineIds.set(schema, id);
    registry.add(schema, { id });
  }
  const emitted = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => schemaRef(name(id)) }).schemas;
  const json = (id: string): JsonSchema => {
    const { $schema: _dialect, $id: _uri, ...schema } = emitted[id] as JsonSchema;
    return schema;
  };
  const inline = new Map([...inlineIds].map(([schema, id]) => [schema, json(id)]));
  const components = Object.fromEntries([...z.globalRegistry._idmap.keys()].map((id) => [name(id), json(id)]));
  const roots = refsIn([...inline.values()]);
  for (const schema of schemas) if (componentId(schema)) roots.add(name(componentId(schema)!));
  return { components, inline, used: reachable(roots, components) };
}

/**
 * Request schemas are converted as zod parses input (a field with a default
 * is optional) and response schemas as it produces output. A component used
 * on both sides whose two forms differ is kept twice, the request form named
 * `<id>Input`.
 */
export function convertSchemas(uses: Record<Io, z.ZodType[]>): ConvertedSchemas {
  const output = convert(uses.output, 'output', (id) => id);
  let input = convert(uses.input, 'input', (id) => id);
  const differing = new Set([...input.used].filter((id) => output.used.has(id) && !isDeepStrictEqual(input.components[id], output.components[id])));
  const inputName = (id: string) => (differing.has(id) ? `${id}Input` : id);
  if (differing.size > 0) input = convert(uses.input, 'input', inputName);

  const components = { ...pick(output.components, output.used), ...pick(input.components, input.used) };
  const sides: Record<Io, { conversion: Conversion; name: (id: string) => string }> = {
    input: { conversion: input, name: inputName },
    output: { conversion: output, name: (id) => id },
  };
  return {
    components,
    jsonFor(schema, io) {
      const id = componentId(schema);
      if (id) return { $ref: schemaRef(sides[io].name(id)) };
      const json = sides[io].conversion.inline.get(schema);
      if (!json) throw new Error(`schema not given to convertSchemas as ${io}`);
      return json;
    },
    resolve: (json) => (json.$ref ? (components[refName(json.$ref)] ?? {}) : json),
  };
}
