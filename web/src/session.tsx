import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import type { Switchboard } from '@switchboard/sdk';
import { clientFor, isUnauthorized, personClient } from './api';
import { ErrorNotice, Loading } from './ui';

export interface Person {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface Membership {
  id: string;
  name: string;
  plan: string;
  role: 'owner' | 'admin' | 'member';
  memberId: string;
  status: string;
}

/** The signed-in person, or null when no one is. */
export function usePerson() {
  return useQuery({
    queryKey: ['session'],
    queryFn: async (): Promise<Person | null> => {
      try {
        const { user } = await personClient.auth.getSession();
        return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
      } catch (err) {
        if (isUnauthorized(err)) return null;
        throw err;
      }
    },
    staleTime: 60_000,
  });
}

/** The organizations the person belongs to, with their role in each. */
export function useMemberships(enabled = true) {
  return useQuery({
    queryKey: ['memberships'],
    enabled,
    queryFn: async (): Promise<Membership[]> => (await personClient.me.listOrganizations()).data as Membership[],
  });
}

/** Pages behind sign-in: anyone else goes to the sign-in page and comes back after. */
export function RequirePerson({ children }: { children: (person: Person) => ReactNode }) {
  const person = usePerson();
  const location = useLocation();
  if (person.isPending) return <Loading what="your session" />;
  if (person.isError) return <ErrorNotice error={person.error} />;
  if (!person.data) return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children(person.data)}</>;
}

export interface OrgContext {
  org: Membership;
  person: Person;
  /** The SDK client acting in this organization with the person's session. */
  client: Switchboard;
  /** Owners and admins manage the organization; members work in their workspaces (the API decides either way). */
  canManage: boolean;
}

const Ctx = createContext<OrgContext | null>(null);

export function OrgProvider({ org, person, children }: { org: Membership; person: Person; children: ReactNode }) {
  const value = useMemo(
    () => ({ org, person, client: clientFor(org.id), canManage: org.role === 'owner' || org.role === 'admin' }),
    [org, person],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useOrg(): OrgContext {
  const v = useContext(Ctx);
  if (!v) throw new Error('useOrg outside an organization');
  return v;
}

/** Forget everything cached for the previous person (sign-in, sign-out). */
export function useResetSession() {
  const qc = useQueryClient();
  return () => qc.clear();
}

const LAST_ORG = 'switchboard.lastOrganization';
export const rememberOrg = (id: string) => localStorage.setItem(LAST_ORG, id);
export const lastOrg = () => localStorage.getItem(LAST_ORG);
