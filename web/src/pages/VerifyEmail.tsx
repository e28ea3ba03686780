import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { personClient } from '../api';
import { RequirePerson } from '../session';
import { ErrorNotice, Field, Notice, Form } from '../ui';

/** Email verification with the emailed code (POST /auth/verify-email/request and /confirm). */
export function VerifyEmailPage() {
  return (
    <RequirePerson>
      {(person) => (
        <main className="auth" id="main">
          <div className="auth-card">
            <p className="brand">Switchboard</p>
            <h1>Verify your email</h1>
            {person.emailVerified ? (
              <Notice>
                {person.email} is verified. <Link to="/">Continue</Link>
              </Notice>
            ) : (
              <VerifyForm email={person.email} />
            )}
          </div>
        </main>
      )}
    </RequirePerson>
  );
}

function VerifyForm({ email }: { email: string }) {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const send = useMutation({ mutationFn: () => personClient.auth.requestEmailVerification() });
  const confirm = useMutation({
    mutationFn: () => personClient.auth.confirmEmailVerification({ body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['session'] }),
  });
  return (
    <div className="stack">
      <p>We send a code to {email}; it is valid for 15 minutes.</p>
      <button type="button" className="secondary" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isSuccess ? 'Send another code' : 'Email me a code'}
      </button>
      {send.isSuccess ? <Notice>The code is on its way.</Notice> : null}
      <ErrorNotice error={send.error} />
      <Form className="stack" onSubmit={() => confirm.mutate()}>
        <Field label="Code">
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
            />
          )}
        </Field>
        <ErrorNotice error={confirm.error} />
        <button type="submit" disabled={confirm.isPending}>
          Verify
        </button>
      </Form>
    </div>
  );
}
