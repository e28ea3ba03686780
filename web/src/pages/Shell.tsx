import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { personClient } from '../api';
import { OrgProvider, RequirePerson, rememberOrg, useMemberships, useOrg, useResetSession, type Person } from '../session';
import { ErrorNotice, Loading } from '../ui';

export function SignOutButton() {
  const reset = useResetSession();
  const navigate = useNavigate();
  const out = useMutation({
    mutationFn: () => personClient.auth.signOut(),
    onSettled: () => {
      reset();
      void navigate('/sign-in', { replace: true });
    },
  });
  return (
    <button type="button" className="secondary" onClick={() => out.mutate()} disabled={out.isPending}>
      Sign out
    </button>
  );
}

/** The workspaces of the organization this page is in (those the person reaches). */
export function useWorkspaces() {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: [org.id, 'workspaces'],
    queryFn: async () => (await client.workspaces.list({ query: { limit: 100 } })).workspaces,
  });
}

const LAST_WS = 'switchboard.lastWorkspace.';

/** The workspace a workspace page works in: the one in the URL, else the last one used, else the first. */
export function useCurrentWorkspaceId(): string | null {
  const { workspaceId } = useParams();
  const { org } = useOrg();
  const workspaces = useWorkspaces();
  if (workspaceId) return workspaceId;
  const last = localStorage.getItem(LAST_WS + org.id);
  const list = workspaces.data ?? [];
  return list.find((w) => w.id === last)?.id ?? list[0]?.id ?? null;
}

export function rememberWorkspace(orgId: string, workspaceId: string) {
  localStorage.setItem(LAST_WS + orgId, workspaceId);
}

/** `/o/:orgId/*`: the organization's pages inside the dashboard's frame. */
export function OrgShell() {
  return <RequirePerson>{(person) => <OrgGate person={person} />}</RequirePerson>;
}

function OrgGate({ person }: { person: Person }) {
  const { orgId } = useParams();
  const memberships = useMemberships();
  if (memberships.isPending) return <Loading what="your organizations" />;
  if (memberships.isError) return <ErrorNotice error={memberships.error} />;
  const org = memberships.data.find((o) => o.id === orgId);
  if (!org)
    return (
      <main className="narrow" id="main">
        <h1>Organization not found</h1>
        <p>You are not a member of this organization, or it does not exist.</p>
        <p>
          <a href="/organizations">Your organizations</a>
        </p>
      </main>
    );
  return (
    <OrgProvider org={org} person={person}>
      <Frame />
    </OrgProvider>
  );
}

const WORKSPACE_PAGES = [
  ['integrations', 'Integrations'],
  ['connections', 'Connections'],
  ['partials', 'Input partials'],
  ['playground', 'Playground'],
  ['triggers', 'Triggers'],
  ['mcp', 'MCP servers'],
] as const;

function Frame() {
  const { org, person } = useOrg();
  const memberships = useMemberships();
  const navigate = useNavigate();
  const location = useLocation();
  const { workspaceId } = useParams();
  const workspaces = useWorkspaces();
  const current = useCurrentWorkspaceId();
  useEffect(() => rememberOrg(org.id), [org.id]);
  useEffect(() => {
    if (workspaceId) rememberWorkspace(org.id, workspaceId);
  }, [org.id, workspaceId]);
  const base = `/o/${org.id}`;
  const wsBase = current ? `${base}/w/${current}` : null;
  const switchWorkspace = (id: string) => {
    rememberWorkspace(org.id, id);
    const page = /\/w\/[^/]+\/([^/?]+)/.exec(location.pathname)?.[1] ?? 'integrations';
    void navigate(`${base}/w/${id}/${page}`);
  };
  const nav = (
    <ul className="nav-list">
      <li>
        <NavLink to={base} end>
          Overview
        </NavLink>
      </li>
      <li>
        <NavLink to={`${base}/workspaces`}>Workspaces</NavLink>
      </li>
      <li>
        <NavLink to={`${base}/catalog`}>Catalog</NavLink>
      </li>
      <li>
        <NavLink to={`${base}/apis`}>Your APIs</NavLink>
      </li>
      {WORKSPACE_PAGES.map(([path, label]) => (
        <li key={path}>
          <NavLink to={wsBase ? `${wsBase}/${path}` : `${base}/workspaces`}>{label}</NavLink>
        </li>
      ))}
      <li>
        <NavLink to={`${base}/activity`}>Activity</NavLink>
      </li>
      <li className="nav-group" aria-hidden="true">
        Human Gates
      </li>
      <li>
        <NavLink to={`${base}/approvals`} end>
          Approvals
        </NavLink>
      </li>
      <li>
        <NavLink to={`${base}/approvals/policies`}>Policies</NavLink>
      </li>
      <li className="nav-group" aria-hidden="true">
        Organization
      </li>
      <li>
        <NavLink to={`${base}/api-keys`}>API keys</NavLink>
      </li>
      <li>
        <NavLink to={`${base}/members`}>Members</NavLink>
      </li>
      <li>
        <NavLink to={`${base}/settings`}>Settings</NavLink>
      </li>
    </ul>
  );
  return (
    <div className="frame">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <a className="brand" href={base}>
          Switchboard
        </a>
        <div className="switchers">
          <label className="switcher">
            <span className="visually-hidden">Organization</span>
            <select value={org.id} onChange={(e) => void navigate(`/o/${e.target.value}`)} aria-label="Organization">
              {(memberships.data ?? [org]).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          {workspaces.data && workspaces.data.length > 0 && current ? (
            <label className="switcher">
              <span className="visually-hidden">Workspace</span>
              <select value={current} onChange={(e) => switchWorkspace(e.target.value)} aria-label="Workspace">
                {workspaces.data.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <div className="who">
          <span className="muted small who-name" title={person.email}>
            {person.name || person.email} · {org.role}
          </span>
          <a href="/organizations" className="small">
            All organizations
          </a>
          <SignOutButton />
        </div>
      </header>
      <div className="body">
        <nav aria-label="Dashboard" className="sidenav">
          {nav}
        </nav>
        <details className="mobilenav">
          <summary>Menu</summary>
          <nav aria-label="Dashboard menu">{nav}</nav>
        </details>
        <main id="main" className="content">
          {!person.emailVerified ? <VerifyEmailBanner /> : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function VerifyEmailBanner() {
  const send = useMutation({ mutationFn: () => personClient.auth.requestEmailVerification() });
  return (
    <div className="notice warn">
      <p>
        Your email address is not verified yet. Some things (accepting invitations, reviewing approvals by email) need it.{' '}
        <a href="/verify-email">Verify it</a>
      </p>
      {send.isError ? <ErrorNotice error={send.error} /> : null}
    </div>
  );
}
