import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogAction } from '../../catalog';
import { PropsForm, initialValues, inputOf, type FormValues } from '../../PropsForm';
import { useOrg } from '../../session';
import { ErrorNotice, Field, Form } from '../../ui';
import { useConnections } from '../Integrations';
import { mcpKey, type McpTool } from './types';

/** A tool's display name, description, connection and input defaults (a form from the action's props). */
export function ToolForm(props: {
  serverId: string;
  workspaceId: string;
  tool: McpTool;
  action: CatalogAction | undefined;
  needsConnection: boolean;
  onDone: () => void;
}) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const { tool } = props;
  const connections = useConnections(props.needsConnection ? props.workspaceId : null, tool.integrationName);
  const [displayName, setDisplayName] = useState(tool.displayName ?? '');
  const [description, setDescription] = useState(tool.description ?? '');
  const [connectionId, setConnectionId] = useState(tool.connectionId ?? '');
  // The catalog is loaded before a tool can be edited (ToolsSection), so the action's props are known here.
  const [values, setValues] = useState<FormValues>(() => initialValues(props.action?.props ?? {}, tool.inputDefaults ?? {}));
  const save = useMutation({
    mutationFn: async () => {
      const { input, problems } = inputOf(props.action?.props ?? {}, values);
      if (problems.length) throw new Error(problems.join('; '));
      return client.mcpServers.updateTool({
        id: props.serverId,
        toolId: tool.id,
        body: {
          displayName: displayName || null,
          description: description || null,
          inputDefaults: Object.keys(input).length ? input : null,
          ...(props.needsConnection ? { connectionId: connectionId || null } : {}),
        },
      });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: mcpKey(org.id, 'server', props.serverId) });
      props.onDone();
    },
  });
  return (
    <Form className="stack" onSubmit={() => save.mutate()}>
      <p>
        <code>{`${tool.integrationAlias}.${tool.actionName}`}</code>
      </p>
      <Field label="Display name" hint="Empty: the action's own name.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            maxLength={200}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Tool description" hint="What the agent reads; empty: the action's own description.">
        {(id, hint) => (
          <textarea
            id={id}
            aria-describedby={hint}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      {props.needsConnection ? (
        <Field label="Connection" hint="Empty: the workspace integration's strategy decides.">
          {(id, hint) => (
            <select id={id} aria-describedby={hint} value={connectionId} onChange={(e) => setConnectionId(e.target.value)}>
              <option value="">As configured</option>
              {connections.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName} ({c.externalId})
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {props.action ? (
        <fieldset>
          <legend>Input defaults (the agent may change them)</legend>
          <PropsForm
            allOptional
            props={props.action.props}
            values={values}
            onChange={setValues}
            dynamic={{
              integrationName: tool.integrationName,
              actionName: tool.actionName,
              workspaceId: props.workspaceId,
              integrationAlias: tool.integrationAlias,
            }}
          />
        </fieldset>
      ) : null}
      <ErrorNotice error={save.error} title="Could not save the tool" />
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tool'}
        </button>
        <button type="button" className="secondary" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
