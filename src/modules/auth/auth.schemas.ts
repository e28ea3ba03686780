import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const User = Type.Object(
  { id: Uuid(), email: Type.String(), name: Type.String(), image: Nullable(Type.String()), createdAt: Timestamp() },
  { $id: 'User' },
);

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: 8, maxLength: 200 });

export const SignUpBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  image: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
});
export const SignInBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });

export type SignUpInput = Static<typeof SignUpBody>;
export type SignInInput = Static<typeof SignInBody>;

export const SessionResponse = Type.Object({
  user: Type.Ref('User'),
  token: Type.String({ description: 'Session token (also set as the sb_session cookie); send as Authorization: Bearer' }),
  expiresAt: Timestamp(),
});
export const CurrentSession = Type.Object({
  user: Type.Ref('User'),
  session: Type.Object({ id: Uuid(), expiresAt: Timestamp() }),
});
