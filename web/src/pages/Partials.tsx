import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCatalog } from '../catalog';
import { PropsForm, initialValues, inputOf, type FormValues } from '../PropsForm';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Dialog, Empty, ErrorNotice, Field, Loading, Page, Form } from '../ui';
import { useCurrentWorkspaceId } from './Shell';
import { useWorkspaceIntegrations } from './Integrations';

interface Partial {
  id: string;
  name: string;
  description: string | null;
  integrationName: string;
  integrationAlias: string | null;
  actionName: string | null;
  values: Record<string, unknown>;
  enforcedKeys: string[];
  isDefault: boolean;
}

function PartialForm({ workspaceId, existing, onDone }: { workspaceId: string; existing?: Partial; onDone: () => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const catalog = useCatalog();
  const integrations = useWorkspaceIntegrations(workspaceId);
  const [alias, setAlias] = useState(existing?.integrationAlias ?? '');
  const wi = integrations.data?.find((w) => w.alias === alias);
  const integration = catalog.data?.find((i) => i.name === (wi?.integrationName ?? existing?.integrationName));
  const [actionName, setActionName] = useState(existing?.actionName ?? '');
  const action = integration?.actions[actionName];
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [values, setValues] = useState<FormValues>(() => (existing ? initialValues(action?.props ?? {}, existing.values) : {}));
  const [enforced, setEnforced] = useState<Set<string>>(new Set(existing?.enforcedKeys ?? []));
  const [isDefault, setIsDefault] = useState(existing?.isDefault ?? false);
  const save = useMutation({
    mutationFn: async () => {
      const { input, problems } = inputOf(action?.props ?? {}, values);
      if (problems.length) throw new Error(problems.join('; '));
      const enforcedKeys = [...enforced].filter((k) => k in input);
      if (existing)
        return client.partials.update({
          id: existing.id,
          body: { name, description: description || null, values: input, enforcedKeys, isDefault },
        });
      return client.partials.create({
        body: {
          workspaceId,
          integrationName: integration!.name,
          integrationAlias: alias,
          actionName,
          name,
          ...(description ? { description } : {}),
          values: input,
          enforcedKeys,
          isDefault,
        },
      });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'partials', workspaceId] });
      onDone();
    },
  });
  return (
    <Form className="stack" onSubmit={() => save.mutate()}>
      {!existing ? (
        <>
          <Field label="Integration">
            {(id) => (
              <select
                id={id}
                required
                value={alias}
                onChange={(e) => (setAlias(e.target.value), setActionName(''), setValues({}))}
              >
                <option value="">Choose…</option>
                {integrations.data?.map((w) => (
                  <option key={w.id} value={w.alias}>
                    {w.displayName ?? w.alias} ({w.integrationName})
                  </option>
                ))}
              </select>
            )}
          </Field>
          {integration ? (
            <Field label="Action">
              {(id) => (
                <select id={id} required value={actionName} onChange={(e) => (setActionName(e.target.value), setValues({}))}>
                  <option value="">Choose…</option>
                  {Object.entries(integration.actions).map(([n, a]) => (
                    <option key={n} value={n}>
                      {a.displayName}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </>
      ) : (
        <p>
          {existing.integrationAlias ?? existing.integrationName} · <code>{existing.actionName}</code>
        </p>
      )}
      <Field label="Name">
        {(id) => <input id={id} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Description">
        {(id) => <input id={id} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      {action ? (
        <fieldset>
          <legend>Values</legend>
          <PropsForm
            allOptional
            props={action.props}
            values={values}
            onChange={setValues}
            dynamic={{ integrationName: integration.name, actionName, workspaceId, integrationAlias: alias || undefined }}
          />
        </fieldset>
      ) : null}
      {action && Object.keys(action.props).length > 0 ? (
        <fieldset>
          <legend>Enforced keys (a call cannot override them)</legend>
          {Object.entries(action.props).map(([k, p]) => (
            <label key={k} className="check">
              <input
                type="checkbox"
                checked={enforced.has(k)}
                onChange={(e) => {
                  const next = new Set(enforced);
                  if (e.target.checked) next.add(k);
                  else next.delete(k);
                  setEnforced(next);
                }}
              />{' '}
              Enforce {p.displayName} <code>{k}</code>
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} /> Apply by default to every
        call of this action
      </label>
      <ErrorNotice error={save.error} title="Could not save the partial" />
      <div className="row">
        <button type="submit" disabled={save.isPending || (!existing && !action)}>
          {save.isPending ? 'Saving…' : existing ? 'Save changes' : 'Create partial'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function PartialsPage() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const workspaceId = useCurrentWorkspaceId();
  const partials = useQuery({
    queryKey: [org.id, 'partials', workspaceId],
    enabled: workspaceId !== null,
    queryFn: async () => (await client.partials.list({ query: { workspaceId: workspaceId! } })).partials as Partial[],
  });
  const [open, setOpen] = useState<'new' | Partial | null>(null);
  const deleting = useConfirmedDelete<Partial>({
    what: 'partial',
    consequence: 'Calls stop receiving its values.',
    nameOf: (thing) => thing.name,
    remove: (thing) => client.partials.delete({ id: thing.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'partials', workspaceId] });
    },
  });
  if (!workspaceId)
    return (
      <Page title="Input partials">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  return (
    <Page
      title="Input partials"
      intro="Saved inputs merged into calls: defaults a call may change, and enforced keys it may not."
      actions={
        <button type="button" onClick={() => setOpen('new')}>
          New partial
        </button>
      }
    >
      {partials.isPending ? <Loading what="partials" /> : null}
      <ErrorNotice error={partials.error} />
      {partials.data?.length === 0 ? (
        <Empty title="No partials yet">
          <p>Add an integration first, then save the inputs you use often with “New partial”.</p>
        </Empty>
      ) : null}
      <ul className="cards">
        {partials.data?.map((p) => (
          <li key={p.id} className="card">
            <p className="card-title">
              {p.name} {p.isDefault ? <Badge tone="ok">default</Badge> : null}
            </p>
            <p className="small muted">
              {p.integrationAlias ?? p.integrationName} · <code>{p.actionName ?? 'any action'}</code>
            </p>
            <p className="small">
              {Object.keys(p.values).length} values
              {p.enforcedKeys.length ? `, enforced: ${p.enforcedKeys.join(', ')}` : ''}
            </p>
            <div className="row">
              <button type="button" className="secondary" onClick={() => setOpen(p)}>
                Edit<span className="visually-hidden"> {p.name}</span>
              </button>
              <button type="button" className="danger-outline" onClick={() => deleting.ask(p)}>
                Delete<span className="visually-hidden"> {p.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} title={open === 'new' ? 'New partial' : 'Edit partial'} onClose={() => setOpen(null)}>
        {open ? (
          <PartialForm
            key={open === 'new' ? 'new' : open.id}
            workspaceId={workspaceId}
            {...(open !== 'new' ? { existing: open } : {})}
            onDone={() => setOpen(null)}
          />
        ) : null}
      </Dialog>
      {deleting.dialog}
    </Page>
  );
}
