import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useEffect, useInsertionEffect, useLayoutEffect, useRef, useState } from 'react';

/** Mantine's wait before giving the focus back, kept: a handler of the closing may move it first. */
const RETURN_FOCUS_MS = 10;

/**
 * Mantine's Modal, mounted from its first opening on (so closing still animates). A closed Mantine
 * Modal still mounts its portal and transitions, which set state as they mount: React rendered
 * each again at once, inside the hydration's commit, for every dialog a page holds closed
 * (docs/decisions.md#main-thread-work-after-the-first-paint).
 *
 * The focus goes back to where it was when the dialog opened. Mantine notes that element in a
 * passive effect, while its focus trap moves the focus into the dialog on a timer set as the dialog
 * mounts: for a dialog opened by an answer rather than a click or key press (the stock popup after
 * its quote arrives), the timer could run first on a busy page, and closing left the focus on
 * <body>. The element is noted here before the dialog's own elements are attached.
 */
export function Modal({ returnFocus = true, ...props }: ModalProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  // Mounted closed, then opened: Mantine's transitions start from a closed dialog.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    if (used) setMounted(true);
  }, [used]);
  const shown = props.opened && mounted;

  const opener = useRef<Element | null>(null);
  // Insertion effects run before any ref or layout effect of the commit that opens the dialog.
  useInsertionEffect(() => {
    if (shown) opener.current = document.activeElement;
  }, [shown]);
  useEffect(() => {
    const target = opener.current;
    if (shown || !returnFocus || !(target instanceof HTMLElement)) return;
    const atClose = document.activeElement;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || now === atClose) target.focus({ preventScroll: true });
    }, RETURN_FOCUS_MS);
    return () => window.clearTimeout(timer);
  }, [shown, returnFocus]);

  return used ? <MantineModal {...props} opened={shown} returnFocus={false} /> : null;
}
