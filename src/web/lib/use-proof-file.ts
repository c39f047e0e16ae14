import { useRef, useState } from 'react';
import { ProofFileError, checkProofFile, prepareProofFile } from './prepare-proof-file';
import { PROOF_MESSAGES } from './proof-file';

/** What a proof picker shows; preparation runs as soon as a file is chosen. */
export type ProofState =
  | { status: 'empty' }
  | { status: 'preparing'; original: File }
  | { status: 'ready'; original: File; file: File }
  | { status: 'error'; original: File | null; message: string };

/**
 * A payment proof or receipt being chosen (DESIGN §3): checked and prepared (HEIC converted,
 * large photos made smaller) as soon as it is picked, so a bad file is reported at once. A newer
 * choice wins over a slower earlier one. `task` is the latest preparation, for a submit to wait
 * for; `onReady` receives the prepared file.
 */
export function useProofFile(options: { onReady?: (prepared: File) => void } = {}) {
  const [state, setState] = useState<ProofState>({ status: 'empty' });
  const task = useRef<Promise<File> | null>(null);

  const select = (file: File) => {
    setState({ status: 'preparing', original: file });
    const current = checkProofFile(file).then(() => prepareProofFile(file));
    task.current = current;
    current.then(
      (prepared) => {
        if (task.current !== current) return;
        setState({ status: 'ready', original: file, file: prepared });
        options.onReady?.(prepared);
      },
      (cause: unknown) => {
        if (task.current !== current) return;
        if (!(cause instanceof ProofFileError)) console.warn('Proof preparation failed', cause);
        const message =
          cause instanceof ProofFileError ? cause.message : PROOF_MESSAGES.compressFailed;
        setState({ status: 'error', original: file, message });
      },
    );
    // The rejection is handled above; this copy only keeps an awaited one from being unhandled.
    current.catch(() => undefined);
  };

  /**
   * The prepared file for a submit to send, waiting for the preparation under way; null when no
   * file is chosen or it was refused (the state then carries the message to show).
   */
  const prepared = async (): Promise<File | null> => {
    const current = task.current;
    if (!current) return null;
    return current.catch(() => null);
  };

  const clear = () => {
    task.current = null;
    setState({ status: 'empty' });
  };

  return {
    state,
    setState,
    select,
    clear,
    task,
    prepared,
    file: state.status === 'ready' ? state.file : null,
  };
}
