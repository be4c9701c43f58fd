import { type ReactNode, useEffect, useRef, useState } from 'react';

type ModalProps = {
  /** Id of the element that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Escape (with JavaScript). */
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

/**
 * A dialog that is rendered open on the server, so it shows without JavaScript
 * (over a dimmed page), and becomes a true modal once JavaScript runs: focus
 * stays inside, the page behind is inert, Escape closes it.
 */
export function Modal({ labelledBy, describedBy, onClose, className = '', children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [modal, setModal] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    // A dialog the page hides (the tutorial for a returning visitor) stays hidden.
    if (!dialog || dialog.matches(':modal') || dialog.checkVisibility?.() === false) return;
    // Reopen the server-rendered (non-modal) dialog as a modal one.
    dialog.close();
    dialog.showModal();
    setModal(true);
  }, []);

  return (
    <>
      {modal ? null : <div className="fixed inset-0 z-[60] bg-black/75" aria-hidden="true" />}
      {/* The browser's own max-width for a modal dialog: reopened as one, it keeps its size (no layout shift). */}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        className={`panel fixed inset-0 z-[61] m-auto h-fit w-[min(28rem,calc(100%-2rem))] max-w-[calc(100%-6px-2em)] bg-panel p-0 text-ink shadow-2xl shadow-black backdrop:bg-black/75 ${className}`}
      >
        {children}
      </dialog>
    </>
  );
}
