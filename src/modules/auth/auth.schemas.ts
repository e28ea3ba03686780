import { Type, type Static } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { invalidField } from '../../platform/errors.js';
import { Nullable, NullableTimestamp, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const User = Type.Object(
  {
    id: Uuid(),
    email: Type.String(),
    emailVerified: Type.Boolean({
      description: 'Whether the person proved they receive mail at this address (POST /auth/verify-email/*)',
    }),
    name: Type.String(),
    image: Nullable(Type.String()),
    createdAt: Timestamp(),
  },
  { $id: 'User' },
);

const Email = Type.String({ format: 'email', maxLength: 254 });
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });

/** The password rule of Password for callers outside a JSON body (pages, CLI): 400 VALIDATION_ERROR naming `password`. */
export function checkPassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX)
    throw invalidField('password', `must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
}

export const SignUpBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  image: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
});
export const SignInBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });

export type SignUpInput = Static<typeof SignUpBody>;
export type SignInInput = Static<typeof SignInBody>;

let signUpValidator: ValidateFunction | null = null;

/**
 * The fields of a sign-up that break SignUpBody's rules (none when it is valid), for sign-up forms outside the JSON
 * API (the MCP authorize page): one schema, so the page and POST /auth/sign-up cannot drift. Compiled on first use.
 */
export function signUpProblems(input: Record<string, unknown>): Set<string> {
  signUpValidator ??= addFormats.default(new Ajv.default({ allErrors: true, strict: false })).compile(SignUpBody);
  if (signUpValidator(input)) return new Set();
  return new Set(
    (signUpValidator.errors ?? []).map(
      (e) => e.instancePath.split('/')[1] ?? String((e.params as { missingProperty?: unknown }).missingProperty),
    ),
  );
}

export const SessionResponse = Type.Object({
  user: Type.Ref('User'),
  token: Type.String({ description: 'Session token (also set as the sb_session cookie); send as Authorization: Bearer' }),
  expiresAt: Timestamp(),
});
export const CurrentSession = Type.Object({
  user: Type.Ref('User'),
  session: Type.Object({ id: Uuid(), expiresAt: Timestamp() }),
});

export const VerifyEmailConfirmBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 32, description: 'The code from the verification email' }),
});
export type VerifyEmailConfirmInput = Static<typeof VerifyEmailConfirmBody>;

export const VerifyEmailRequested = Type.Object({
  emailVerified: Type.Boolean(),
  sent: Type.Boolean({ description: 'False when the address is already verified' }),
  expiresAt: NullableTimestamp(),
});
export const VerifyEmailConfirmed = Type.Object({ emailVerified: Type.Literal(true) });

export const PasswordResetRequestBody = Type.Object({ email: Email });
export const PasswordResetRequested = Type.Object({
  requested: Type.Literal(true, { description: 'The same answer whether or not an account has the address, and over a limit' }),
  resetId: Type.String({ description: 'prs_…: send it back with the emailed code; the code works only with it' }),
  expiresAt: Timestamp(),
});
export const PasswordResetConfirmBody = Type.Object({
  resetId: Type.String({ minLength: 1, maxLength: 100, description: 'From the request' }),
  code: Type.String({ minLength: 1, maxLength: 32, description: 'The code from the password reset email' }),
  password: Password,
});
export type PasswordResetConfirmInput = Static<typeof PasswordResetConfirmBody>;
export const PasswordResetDone = Type.Object({
  passwordReset: Type.Literal(true),
  emailVerified: Type.Literal(true, { description: 'The code proved the address, so it is verified too' }),
});
