import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { personClient } from '../api';
import { useResetSession } from '../session';
import { ErrorNotice, Field, Form } from '../ui';

/** Where to go after signing in: a path of this app only (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function AuthFrame({ title, children }: { title: string; children: React.ReactNode }) {
  document.title = `${title} · Switchboard`;
  return (
    <main className="auth" id="main">
      <div className="auth-card">
        <p className="brand">Switchboard</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => personClient.auth.signIn({ body: { email, password } }),
    onSuccess: () => {
      reset();
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
  return (
    <AuthFrame title="Sign in">
      <form onSubmit={submit} className="stack">
        <Field label="Email">
          {(id) => (
            <input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field label="Password">
          {(id) => (
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <ErrorNotice error={signIn.error} title="Could not sign in" />
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <a href="/auth/reset-password">Forgot your password?</a>
      </p>
      <p>
        New here?{' '}
        <Link to={`/sign-up${params.get('next') ? `?next=${encodeURIComponent(params.get('next')!)}` : ''}`}>
          Create an account
        </Link>
      </p>
    </AuthFrame>
  );
}

export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetSession();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const signUp = useMutation({
    mutationFn: () => personClient.auth.signUp({ body: form }),
    onSuccess: () => {
      reset();
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  return (
    <AuthFrame title="Create your account">
      <Form className="stack" onSubmit={() => signUp.mutate()}>
        <Field label="Name">
          {(id) => <input id={id} autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Email">
          {(id) => <input id={id} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />}
        </Field>
        <Field label="Password" hint="At least 8 characters.">
          {(id, hint) => (
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-describedby={hint}
              value={form.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <ErrorNotice error={signUp.error} title="Could not create the account" />
        <button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating…' : 'Create account'}
        </button>
      </Form>
      <p>
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthFrame>
  );
}
