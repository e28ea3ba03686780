import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { personClient } from '../api';
import { lastOrg, RequirePerson, useMemberships, type Person } from '../session';
import { Badge, Empty, ErrorNotice, Field, Loading, Notice, formatTime, Form } from '../ui';
import { SignOutButton } from './Shell';

/** `/`: the organization used last (or the only one), else the organizations page. */
export function Home() {
  return <RequirePerson>{() => <HomeRedirect />}</RequirePerson>;
}

function HomeRedirect() {
  const memberships = useMemberships();
  if (memberships.isPending) return <Loading what="your organizations" />;
  if (memberships.isError) return <ErrorNotice error={memberships.error} />;
  const orgs = memberships.data;
  const last = orgs.find((o) => o.id === lastOrg());
  const target = last ?? (orgs.length === 1 ? orgs[0] : undefined);
  return <Navigate to={target ? `/o/${target.id}` : '/organizations'} replace />;
}

/** The person's organizations, invitations waiting for them, and a new organization. */
export function OrganizationsPage() {
  return <RequirePerson>{(person) => <Organizations person={person} />}</RequirePerson>;
}

function Organizations({ person }: { person: Person }) {
  document.title = 'Organizations · Switchboard';
  const qc = useQueryClient();
  const navigate = useNavigate();
  const memberships = useMemberships();
  // Invitations are shown once the address is verified (the API says EMAIL_NOT_VERIFIED before).
  const invitations = useQuery({
    queryKey: ['my-invitations'],
    enabled: person.emailVerified,
    queryFn: async () => (await personClient.me.listInvitations()).data,
  });
  const accept = useMutation({
    mutationFn: (id: string) => personClient.members.acceptInvitation({ invitationId: id }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['memberships'] });
      await qc.invalidateQueries({ queryKey: ['my-invitations'] });
    },
  });
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => personClient.organizations.create({ body: { name } }),
    onSuccess: async (res) => {
      await qc.invalidateQueries({ queryKey: ['memberships'] });
      void navigate(`/o/${res.organization.id}`);
    },
  });
  return (
    <main className="narrow" id="main">
      <header className="page-head">
        <div>
          <p className="brand">Switchboard</p>
          <h1>Your organizations</h1>
          <p className="muted">Signed in as {person.email}</p>
        </div>
        <div className="page-actions">
          <SignOutButton />
        </div>
      </header>
      <section aria-labelledby="orgs-h">
        <h2 id="orgs-h">Organizations</h2>
        {memberships.isPending ? <Loading what="organizations" /> : null}
        <ErrorNotice error={memberships.error} />
        {memberships.data?.length === 0 ? (
          <Empty title="You are not in an organization yet">
            <p>Create one below, or ask an owner of an existing one to invite {person.email}.</p>
          </Empty>
        ) : null}
        <ul className="cards">
          {memberships.data?.map((o) => (
            <li key={o.id} className="card">
              <Link to={`/o/${o.id}`} className="card-title">
                {o.name}
              </Link>
              <p className="muted">
                {o.role} · plan {o.plan} {o.status === 'suspended' ? <Badge tone="bad">suspended</Badge> : null}
              </p>
            </li>
          ))}
        </ul>
      </section>
      {!person.emailVerified ? (
        <Notice>
          Invited to an organization? <Link to="/verify-email">Verify your email</Link> to see and accept the invitations sent to{' '}
          {person.email}.
        </Notice>
      ) : null}
      <ErrorNotice error={invitations.error} />
      {invitations.data && invitations.data.length > 0 ? (
        <section aria-labelledby="inv-h">
          <h2 id="inv-h">Invitations</h2>
          <ErrorNotice error={accept.error} />
          <ul className="cards">
            {invitations.data.map((i) => (
              <li key={i.id} className="card">
                <p className="card-title">{i.organizationName}</p>
                <p className="muted">
                  as {i.role} · expires {formatTime(i.expiresAt)}
                </p>
                <button type="button" onClick={() => accept.mutate(i.id)} disabled={accept.isPending}>
                  Accept invitation to {i.organizationName}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="new-h">
        <h2 id="new-h">New organization</h2>
        <Form className="stack" onSubmit={() => create.mutate()}>
          <Field label="Organization name">
            {(id) => <input id={id} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <ErrorNotice error={create.error} title="Could not create the organization" />
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create organization'}
          </button>
        </Form>
      </section>
    </main>
  );
}
