import { useState } from 'react';

/**
 * Creating something whose secret the server shows once (an API key, a webhook's signing
 * secret): the create dialog is open while `creating`; its answer closes it and opens the
 * one-time secret dialog (`created`) until that is dismissed.
 */
export function useCreateThenReveal<Created>() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  return {
    creating,
    created,
    start: () => setCreating(true),
    cancel: () => setCreating(false),
    reveal: (answer: Created) => {
      setCreating(false);
      setCreated(answer);
    },
    dismiss: () => setCreated(null),
  };
}
