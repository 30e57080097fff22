import fc from 'fast-check';

/** A JSON Schema (2020-12) as the API document writes it. */
export type Schema = { [keyword: string]: any };

const REF_PREFIX = '#/components/schemas/';
/** Arrays and strings are kept short: the point is their shape, not their size. */
const SPAN = 4;
const TEXT_SPAN = 24;

/**
 * Values for the subset of JSON Schema the gateway's document uses: `$ref` into
 * `components`, `const`, `enum`, `oneOf`/`anyOf`, `type` (one or several), objects (required
 * keys always, optional ones sometimes, never a key whose schema is `not: {}`), arrays
 * (`minItems`, `maxItems`, `uniqueItems`), strings (`minLength`, `maxLength`, `pattern`, `examples`, the
 * formats `uuid`, `uri`, `date-time`), integers and numbers (`minimum`, `maximum`), booleans
 * and null. Keywords that relate values (`if`/`then`) are not generated for: callers keep only
 * the values a JSON Schema validator accepts, so every value used is valid by the document.
 */
export function arbitraryFor(schema: Schema, components: Record<string, Schema>): fc.Arbitrary<unknown> {
  const of = (s: Schema): fc.Arbitrary<unknown> => {
    if (typeof s.$ref === 'string') {
      const target = components[s.$ref.slice(REF_PREFIX.length)];
      if (!s.$ref.startsWith(REF_PREFIX) || !target) throw new Error(`unresolvable $ref ${s.$ref}`);
      return of(target);
    }
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const options = s.oneOf ?? s.anyOf;
    if (Array.isArray(options)) return fc.oneof(...(options as Schema[]).map(of));
    if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => of({ ...s, type })));
    switch (s.type ?? (s.properties ? 'object' : undefined)) {
      case 'object':
        return object(s);
      case 'array':
        return array(s);
      case 'string':
        return string(s);
      case 'integer':
        return fc.integer({ min: Math.max(s.minimum ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(s.maximum ?? 1e9, Number.MAX_SAFE_INTEGER) });
      case 'number':
        return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        throw new Error(`no generator for schema ${JSON.stringify(s).slice(0, 200)}`);
    }
  };

  const object = (s: Schema) => {
    const required = new Set<string>(s.required ?? []);
    const properties = Object.entries((s.properties ?? {}) as Record<string, Schema>).filter(([key, p]) => required.has(key) || !isNever(p));
    return fc.record(Object.fromEntries(properties.map(([key, p]) => [key, of(p)])), { requiredKeys: [...required] });
  };

  const array = (s: Schema) => {
    const minLength = s.minItems ?? 0;
    const maxLength = Math.min(s.maxItems ?? minLength + SPAN, minLength + SPAN);
    const items = of(s.items ?? {});
    return s.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
  };

  const string = (s: Schema): fc.Arbitrary<string> => {
    const minLength: number = s.minLength ?? 0;
    const maxLength: number = Math.min(s.maxLength ?? minLength + TEXT_SPAN, minLength + TEXT_SPAN);
    const fits = (v: string) => [...v].length >= minLength && [...v].length <= (s.maxLength ?? Infinity);
    switch (s.format) {
      case 'uuid':
        return fc.uuid();
      case 'uri':
        return fc.webUrl().filter(fits);
      case 'date-time':
        return fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());
    }
    // `examples` on a string mark a value its pattern cannot fully state (a time zone the server's
    // database knows): valid values are the documented ones.
    if (Array.isArray(s.examples)) return fc.constantFrom(...(s.examples as string[]));
    if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern, 'u')).filter(fits);
    return fc.string({ unit: 'binary', minLength, maxLength });
  };

  return of(schema);
}

/** `not: {}`: no value is valid, so the key must be absent. */
const isNever = (s: Schema): boolean => typeof s.not === 'object' && s.not !== null && Object.keys(s.not).length === 0;
