import { useEffect, useId, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { problemOf } from './api';

/** A page: its one h1, an optional line under it and actions beside it. */
export function Page(props: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${props.title} · Switchboard`;
  }, [props.title]);
  return (
    <>
      <header className="page-head">
        <div>
          <h1>{props.title}</h1>
          {props.intro ? <p className="muted">{props.intro}</p> : null}
        </div>
        {props.actions ? <div className="page-actions">{props.actions}</div> : null}
      </header>
      {props.children}
    </>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** An empty state that says what to do next. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** The API's message, its code and the request id to look up in the service's log. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const p = problemOf(error);
  return (
    <div className="notice error" role="alert">
      <strong>{title ?? 'That did not work'}</strong>
      <p>{p.message}</p>
      {p.details?.length ? (
        <ul>
          {p.details.map((d) => (
            <li key={`${d.field}:${d.message}`}>
              <code>{d.field}</code> {d.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="small muted">
        {p.code}
        {p.requestId ? (
          <>
            {' · request id '}
            <code>{p.requestId}</code>
          </>
        ) : null}
      </p>
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice ok" role="status">
      {children}
    </div>
  );
}

/** A labelled control with an optional hint; the control is given the id. */
export function Field(props: {
  label: string;
  hint?: ReactNode;
  required?: boolean;
  children: (id: string, hintId?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.children(id, hintId)}
      {props.hint ? (
        <p className="hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** A modal dialog on the platform's own <dialog> (focus kept inside, Escape closes). */
export function Dialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={props.onClose} className="dialog">
      {props.open ? (
        <>
          <h2 id={titleId}>{props.title}</h2>
          {props.children}
        </>
      ) : null}
    </dialog>
  );
}

/** Deleting something that cannot be undone: the person types its name first. */
export function ConfirmDelete(props: {
  open: boolean;
  what: string;
  name: string;
  consequence: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [props.open]);
  return (
    <Dialog open={props.open} title={`Delete ${props.what}`} onClose={props.onClose}>
      <p>{props.consequence}</p>
      <Field label={`Type ${props.name} to confirm`}>
        {(id) => <input id={id} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />}
      </Field>
      <ErrorNotice error={props.error} />
      <div className="row">
        <button type="button" className="danger" disabled={typed !== props.name || props.pending} onClick={props.onConfirm}>
          {props.pending ? 'Deleting…' : `Delete ${props.what}`}
        </button>
        <button type="button" className="secondary" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function Badge({ tone, children }: { tone?: 'ok' | 'warn' | 'bad' | 'neutral'; children: ReactNode }) {
  return <span className={`badge ${tone ?? 'neutral'}`}>{children}</span>;
}

/** A connection's status as a badge tone: active is fine, an error or an expiry is bad, anything else needs a look. */
export const connectionTone = (status: string) =>
  status === 'ACTIVE' ? 'ok' : status === 'ERROR' || status === 'EXPIRED' ? 'bad' : 'warn';

/** A connection's health as a badge tone (docs/decisions/0140). */
export const healthTone = (health: string) => (health === 'healthy' ? 'ok' : health === 'needs_reauth' ? 'bad' : 'warn');

/** A form that stays on the page: `onSubmit` runs instead of the browser's own submission. */
export function Form({ onSubmit, ...rest }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
