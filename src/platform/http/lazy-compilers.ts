import type { FastifySchemaValidationError, FastifyValidationResult } from 'fastify/types/schema.js';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type BuildSerializer = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's serializer factory, compiling each route's response schema on its first response instead of at start-up
 * (docs/decisions/0080-lazy-schema-compilation.md): the same fast-json-stringify functions with the same shared
 * schemas, but start-up no longer pays for hundreds of routes most processes never answer.
 */
export function lazySerializers(): BuildSerializer {
  const eager = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = eager(externalSchemas, serializerOpts);
    return (route) => {
      let serialize: ((data: unknown) => string) | null = null;
      return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
    };
  };
}

/** What Fastify calls: an Ajv validate function — it reads `errors`, and passes the parent data when `schemaEnv` is set. */
type Validate = FastifyValidationResult & { errors?: FastifySchemaValidationError[] | null; schemaEnv?: unknown };
type Call = (data: unknown, ctx?: unknown) => ReturnType<FastifyValidationResult>;

/** A validator compiled on its first use: the same Ajv function, built from the same schema. */
export function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | null = null;
  const lazy = Object.assign(
    (data: unknown, ctx?: unknown) => {
      validate ??= compile();
      const result = (validate as unknown as Call)(data, ctx);
      lazy.errors = validate.errors ?? null;
      return result;
    },
    { schemaEnv: true, errors: null as FastifySchemaValidationError[] | null },
  );
  return lazy;
}
