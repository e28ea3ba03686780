import { useEffect, useState } from 'react';

/** Copies text to the clipboard and says so next to the button for a few seconds (or that it could not). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <span className="copy">
      <button
        type="button"
        className="secondary"
        onClick={() => {
          const clip = navigator.clipboard;
          if (!clip) return setState('failed');
          clip.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="small muted">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text and copy it' : ''}
      </span>
    </span>
  );
}
