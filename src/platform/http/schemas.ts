import { Type, type TSchema } from '@sinclair/typebox';

export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });
export const Timestamp = () => Type.String({ format: 'date-time' });
export const NullableTimestamp = () => Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Stable error code, e.g. VALIDATION_ERROR' }),
    message: Type.String(),
  },
  { additionalProperties: true, $id: 'ErrorBody', title: 'Error' },
);

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size (1 to 100)' }),
  offset: Type.Integer({ minimum: 0, default: 0, description: 'Items to skip' }),
};

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const Deleted = Type.Object({ deleted: Type.Literal(true), id: Type.String() });

const errorRef = Type.Ref('ErrorBody');
/** Error responses documented on every authenticated route. */
export const standardErrors = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
} as const;

export const ApiKeySecurity = [{ apiKey: [] as string[] }];
