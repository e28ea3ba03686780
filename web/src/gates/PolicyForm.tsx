import { useState, type ReactNode } from 'react';
import { Field, Form } from '../ui';
import {
  ACCESS_MODES,
  CATEGORIES,
  DECISIONS,
  END_USER_MODES,
  FILTERS,
  RISK_MODES,
  ROLES,
  RULE_LISTS,
  SOURCES,
  STRATEGIES,
  toggle,
  type Draft,
} from './policy-draft';

/** A group of checkboxes for one list field. */
function Checks(props: { legend: string; options: readonly string[]; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o} className="check">
          <input
            type="checkbox"
            checked={props.value.includes(o)}
            onChange={(e) => props.onChange(toggle(props.value, o, e.target.checked))}
          />{' '}
          {o}
        </label>
      ))}
    </fieldset>
  );
}

function Select(props: { label: string; options: readonly string[]; value: string; onChange: (v: string) => void }) {
  return (
    <Field label={props.label}>
      {(id) => (
        <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {props.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Lines(props: { label: string; value: string; onChange: (v: string) => void; hint?: ReactNode }) {
  return (
    <Field label={props.label} hint={props.hint ?? 'One a line; empty: any.'}>
      {(id, hint) => (
        <textarea id={id} aria-describedby={hint} rows={2} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      )}
    </Field>
  );
}

/**
 * Every field of a policy (service-interface.md, "Approval policy"): where it applies, what it decides, who approves,
 * and its timing. `members` are the organization's people, offered as dashboard_user approvers.
 */
export function PolicyForm(props: {
  initial: Draft;
  workspaces: Array<{ id: string; name: string }>;
  members: Array<{ userId: string; userName: string; userEmail: string }>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (d: Draft) => void;
  children?: ReactNode;
}) {
  const [d, setD] = useState<Draft>(props.initial);
  const set =
    <K extends keyof Draft>(k: K) =>
    (v: Draft[K]) =>
      setD((prev) => ({ ...prev, [k]: v }));
  return (
    <Form className="stack" aria-label="Policy" onSubmit={() => props.onSubmit(d)}>
      <Field label="Policy name" required>
        {(id) => <input id={id} required maxLength={120} value={d.name} onChange={(e) => set('name')(e.target.value)} />}
      </Field>
      <Field label="Description">
        {(id) => <input id={id} maxLength={1000} value={d.description} onChange={(e) => set('description')(e.target.value)} />}
      </Field>
      <Field label="Scope">
        {(id) => (
          <select id={id} value={d.workspaceId} onChange={(e) => set('workspaceId')(e.target.value)}>
            <option value="">The whole organization</option>
            {props.workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                Workspace {w.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="check">
        <input type="checkbox" checked={d.enabled} onChange={(e) => set('enabled')(e.target.checked)} /> Enabled
      </label>
      <Field label="Priority" hint="Lower runs first (0 to 10000).">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            type="number"
            min={0}
            max={10000}
            value={d.priority}
            onChange={(e) => set('priority')(Number(e.target.value))}
          />
        )}
      </Field>
      <Checks legend="Sources" options={SOURCES} value={d.sources} onChange={set('sources')} />
      {FILTERS.map(([k, label]) => (
        <Lines key={k} label={label} value={d.filters[k]} onChange={(v) => set('filters')({ ...d.filters, [k]: v })} />
      ))}
      <Checks
        legend="Connection strategies (none checked: any)"
        options={STRATEGIES}
        value={d.connectionStrategies}
        onChange={set('connectionStrategies')}
      />
      <Select label="End user" options={END_USER_MODES} value={d.endUserMode} onChange={set('endUserMode')} />
      <Select label="Decision" options={DECISIONS} value={d.decision} onChange={set('decision')} />
      <Select label="Risk mode" options={RISK_MODES} value={d.riskMode} onChange={set('riskMode')} />
      {d.riskMode !== 'always' ? (
        <fieldset>
          <legend>Risk rules</legend>
          <Checks legend="Action categories" options={CATEGORIES} value={d.categories} onChange={set('categories')} />
          <Lines
            label="Amount thresholds"
            hint="path=limit, one a line (e.g. amount=100)."
            value={d.amountThresholds}
            onChange={set('amountThresholds')}
          />
          {RULE_LISTS.map(([k, label]) => (
            <Lines key={k} label={label} value={d.ruleLists[k]} onChange={(v) => set('ruleLists')({ ...d.ruleLists, [k]: v })} />
          ))}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Approvers</legend>
        <Checks legend="Organization roles" options={ROLES} value={d.roles} onChange={set('roles')} />
        {props.members.length > 0 ? (
          <fieldset>
            <legend>People</legend>
            {props.members.map((m) => (
              <label key={m.userId} className="check">
                <input
                  type="checkbox"
                  checked={d.userIds.includes(m.userId)}
                  onChange={(e) => set('userIds')(toggle(d.userIds, m.userId, e.target.checked))}
                />{' '}
                {m.userName || m.userEmail}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className="check">
          <input type="checkbox" checked={d.endUserApprover} onChange={(e) => set('endUserApprover')(e.target.checked)} /> The end
          user (in the Connect portal)
        </label>
        <Field label="Webhook approver URL" hint="Optional; a public HTTPS URL that receives the lifecycle webhooks.">
          {(id, hint) => (
            <input
              id={id}
              aria-describedby={hint}
              type="url"
              value={d.webhookUrl}
              onChange={(e) => set('webhookUrl')(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <Field label="Timeout (seconds)" hint="60 s to 30 days.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            type="number"
            min={60}
            value={d.timeoutSeconds}
            onChange={(e) => set('timeoutSeconds')(Number(e.target.value))}
          />
        )}
      </Field>
      <Select label="On timeout" options={['expire', 'reject']} value={d.defaultOnTimeout} onChange={set('defaultOnTimeout')} />
      <Field label="Reuse window (seconds)" hint="Empty: every call asks again.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            type="number"
            min={0}
            value={d.reuseWindowSeconds}
            onChange={(e) => set('reuseWindowSeconds')(e.target.value)}
          />
        )}
      </Field>
      <Select label="Access mode" options={ACCESS_MODES} value={d.approvalAccessMode} onChange={set('approvalAccessMode')} />
      {props.children}
      <button type="submit" disabled={props.pending}>
        {props.pending ? 'Saving…' : props.submitLabel}
      </button>
    </Form>
  );
}
