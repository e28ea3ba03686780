import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrg } from '../../session';
import { ErrorNotice, Field, Form } from '../../ui';
import { useEndUserChoices } from './hooks';
import { AUTH_MODES, MODES, mcpKey, type McpServer } from './types';

type Created = { server: McpServer; bearerToken?: string };
type Mode = (typeof MODES)[number][0];
type AuthMode = (typeof AUTH_MODES)[number][0];
type Access = 'restricted' | 'open';

/** Create a server, or edit its name, description, mode, auth mode, end-user access and end user. */
export function ServerForm(props: {
  workspaceId: string;
  existing?: McpServer;
  onCreated?: (created: Created) => void;
  onDone: () => void;
}) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const endUsers = useEndUserChoices(props.workspaceId);
  const e = props.existing;
  const [name, setName] = useState(e?.name ?? '');
  const [description, setDescription] = useState(e?.description ?? '');
  const [mode, setMode] = useState<Mode>((e?.mode as Mode | undefined) ?? 'TOOLS');
  const [authMode, setAuthMode] = useState<AuthMode>((e?.authMode as AuthMode | undefined) ?? 'oauth');
  const [endUserAccess, setEndUserAccess] = useState<Access>((e?.endUserAccess as Access | undefined) ?? 'restricted');
  const [endUserId, setEndUserId] = useState(e?.endUserId ?? '');
  const save = useMutation({
    mutationFn: async (): Promise<Created> => {
      if (e) {
        const res = await client.mcpServers.update({
          id: e.id,
          body: {
            name,
            description,
            mode,
            authMode,
            endUserAccess,
            ...(endUserId !== (e.endUserId ?? '') ? { endUserId: endUserId || null } : {}),
          },
        });
        return { server: res.server };
      }
      const res = await client.mcpServers.create({
        body: {
          name,
          workspaceId: props.workspaceId,
          mode,
          authMode,
          endUserAccess,
          ...(description ? { description } : {}),
          ...(endUserId ? { endUserId } : {}),
        },
      });
      return res;
    },
    onSuccess: async (created) => {
      await qc.invalidateQueries({ queryKey: mcpKey(org.id) });
      props.onCreated?.(created);
      props.onDone();
    },
  });
  return (
    <Form className="stack" onSubmit={() => save.mutate()}>
      <Field label="Name" required>
        {(id) => <input id={id} required maxLength={200} value={name} onChange={(ev) => setName(ev.target.value)} />}
      </Field>
      <Field label="Description">
        {(id) => <input id={id} maxLength={2000} value={description} onChange={(ev) => setDescription(ev.target.value)} />}
      </Field>
      <Field label="Mode">
        {(id) => (
          <select id={id} value={mode} onChange={(ev) => setMode(ev.target.value as Mode)}>
            {MODES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Authentication" hint="Bearer modes let you issue tokens here; OAuth lets people sign in from their client.">
        {(id, hint) => (
          <select id={id} aria-describedby={hint} value={authMode} onChange={(ev) => setAuthMode(ev.target.value as AuthMode)}>
            {AUTH_MODES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="End-user access" hint="Restricted: only end users that exist already; open: OAuth sign-ins create them.">
        {(id, hint) => (
          <select
            id={id}
            aria-describedby={hint}
            value={endUserAccess}
            onChange={(ev) => setEndUserAccess(ev.target.value as Access)}
          >
            <option value="restricted">Restricted</option>
            <option value="open">Open</option>
          </select>
        )}
      </Field>
      <Field label="End user" hint="Optional: the server always acts for this end user (their connections).">
        {(id, hint) => (
          <select id={id} aria-describedby={hint} value={endUserId} onChange={(ev) => setEndUserId(ev.target.value)}>
            <option value="">None</option>
            {endUsers.data?.map((u) => (
              <option key={u.id} value={u.externalId}>
                {u.displayName ?? u.externalId} ({u.externalId})
              </option>
            ))}
          </select>
        )}
      </Field>
      <ErrorNotice error={save.error} title={e ? 'Could not save the server' : 'Could not create the server'} />
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : e ? 'Save changes' : 'Create server'}
        </button>
        <button type="button" className="secondary" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
