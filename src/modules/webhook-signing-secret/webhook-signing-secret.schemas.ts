import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp } from '../../platform/http/schemas.js';

const statusFields = {
  enabled: Type.Boolean({ description: 'true while the organization has a secret: outbound webhooks are then signed' }),
  secretPrefix: Nullable(Type.String({ description: 'the first characters of the current secret' })),
  createdAt: NullableTimestamp(),
  previousSecretExpiresAt: NullableTimestamp(),
};

export const SigningSecretStatus = Type.Object(statusFields);
export const RotatedSigningSecret = Type.Object({
  secret: Type.String({ description: 'whsec_...: shown only in this response; the HMAC-SHA256 key of X-Service-Signature' }),
  ...statusFields,
});
