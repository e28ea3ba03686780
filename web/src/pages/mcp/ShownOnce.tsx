import type { ReactNode } from 'react';
import { CopyButton } from '../../copy';
import { Notice } from '../../ui';

/** A secret the API shows once: read-only, selectable, with a copy button. */
export function ShownOnce({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Notice>
      <p>
        <strong>{label}</strong>: copy it now, it is not shown again.
      </p>
      <input aria-label={label} readOnly className="mono" value={value} onFocus={(e) => e.target.select()} />
      <CopyButton text={value} label="Copy token" />
      {children}
    </Notice>
  );
}
