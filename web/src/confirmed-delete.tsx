import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDelete } from './ui';

/**
 * A delete that waits for the person to type the thing's name: which thing is asked about, the call, and the dialog.
 * `ask(thing)` opens it; the dialog closes when the call succeeds, after `then` (refreshing the list).
 */
export function useConfirmedDelete<T>(opts: {
  what: string;
  consequence: string;
  nameOf: (thing: T) => string;
  remove: (thing: T) => Promise<unknown>;
  then: () => Promise<unknown>;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: opts.remove,
    onSuccess: async () => {
      setTarget(null);
      await opts.then();
    },
  });
  const dialog = (
    <ConfirmDelete
      open={target !== null}
      what={opts.what}
      name={target === null ? '' : opts.nameOf(target)}
      consequence={opts.consequence}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => target !== null && mutation.mutate(target)}
      onClose={() => {
        mutation.reset();
        setTarget(null);
      }}
    />
  );
  return { ask: (thing: T) => setTarget(() => thing), dialog };
}
