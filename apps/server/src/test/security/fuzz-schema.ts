import type { z } from 'zod';

/** The JSON-level shapes a field accepts, as far as its zod schema tells. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/** What the fuzzer needs to know about one field of a body or query schema. */
export interface FieldSpec {
  name: string;
  /** The field's own schema: candidate values are checked against it to find valid ones. */
  schema: z.ZodType;
  required: boolean;
  kinds: Set<ValueKind>;
  /** Numbers: whole numbers only; bounds when the schema has them. */
  integer: boolean;
  min: number | undefined;
  max: number | undefined;
  /** Strings: length bounds. */
  minLength: number | undefined;
  maxLength: number | undefined;
  /** Enum and literal members. */
  values: unknown[];
  /** The element of an array field (a Sudoku board's rows, then cells). */
  element: FieldSpec | undefined;
}

export interface ObjectSpec {
  schema: z.ZodType;
  fields: FieldSpec[];
}

// zod 4 keeps a schema's structure in `_zod.def`; only the parts read here are typed.
interface CheckDef {
  check?: string;
  format?: string;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  checks?: { _zod: { def: CheckDef } }[];
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The fields of an object schema (after wrappers such as refinements), or undefined for anything else. */
export function objectSpec(schema: unknown): ObjectSpec | undefined {
  let def = defOf(schema);
  while (def && (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
    def = defOf(def.innerType);
  }
  if (def?.type !== 'object' || !def.shape) return undefined;
  const fields = Object.entries(def.shape).map(([name, field]) => fieldSpec(name, field));
  return { schema: schema as z.ZodType, fields };
}

export function fieldSpec(name: string, schema: z.ZodType): FieldSpec {
  const spec: FieldSpec = {
    name,
    schema,
    // Preprocessing hides optionality from the def, so ask the schema itself.
    required: !schema.safeParse(undefined).success,
    kinds: new Set(),
    integer: false,
    min: undefined,
    max: undefined,
    minLength: undefined,
    maxLength: undefined,
    values: [],
    element: undefined,
  };
  collect(schema, spec, true);
  return spec;
}

/** Walks wrappers, pipes and unions; `shape` false collects only checks (the output side of a pipe). */
function collect(schema: z.ZodType | undefined, spec: FieldSpec, shape: boolean) {
  const def = defOf(schema);
  if (!def) return;
  switch (def.type) {
    case 'nullable':
      if (shape) spec.kinds.add('null');
      collect(def.innerType, spec, shape);
      return;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      collect(def.innerType, spec, shape);
      return;
    case 'pipe': {
      // z.preprocess is a pipe from a transform: the accepted shapes are those of its output.
      const preprocess = defOf(def.in)?.type === 'transform';
      collect(def.in, spec, shape && !preprocess);
      collect(def.out, spec, shape && preprocess);
      return;
    }
    case 'union':
      for (const option of def.options ?? []) collect(option, spec, shape);
      return;
    case 'string':
      if (shape) spec.kinds.add('string');
      break;
    case 'number':
      if (shape) spec.kinds.add('number');
      break;
    case 'boolean':
      if (shape) spec.kinds.add('boolean');
      return;
    case 'null':
      if (shape) spec.kinds.add('null');
      return;
    case 'enum':
    case 'literal':
      if (shape) {
        const members = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        spec.values.push(...members);
        for (const member of members) {
          if (typeof member === 'string') spec.kinds.add('string');
          else if (typeof member === 'number') spec.kinds.add('number');
          else if (typeof member === 'boolean') spec.kinds.add('boolean');
        }
      }
      return;
    case 'array':
      if (shape) {
        spec.kinds.add('array');
        if (def.element) spec.element = fieldSpec(`${spec.name}[]`, def.element);
      }
      break;
    case 'object':
      if (shape) spec.kinds.add('object');
      return;
    default:
      return; // transforms and anything unknown add no shape
  }
  for (const check of def.checks ?? []) applyCheck(check._zod.def, spec);
}

function applyCheck(check: CheckDef, spec: FieldSpec) {
  switch (check.check) {
    case 'number_format':
      if (check.format === 'safeint' || check.format?.startsWith('int') || check.format?.startsWith('uint')) {
        spec.integer = true;
      }
      return;
    case 'greater_than':
      spec.min = Number(check.value);
      return;
    case 'less_than':
      spec.max = Number(check.value);
      return;
    case 'min_length':
      spec.minLength = check.minimum;
      return;
    case 'max_length':
      spec.maxLength = check.maximum;
      return;
    case 'length_equals':
      spec.minLength = check.length;
      spec.maxLength = check.length;
      return;
  }
}
