import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';

/**
 * Mantine's Modal, mounted from its first opening on (so closing still animates). A closed Mantine
 * Modal still mounts its portal and transitions, which set state as they mount: React rendered
 * each again at once, inside the hydration's commit, for every dialog a page holds closed
 * (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export function Modal(props: ModalProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  // Mantine notes the element to give the focus back to when `opened` turns true after its first
  // render: mounted already open, it gave the focus to <body> on closing. So it mounts closed.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    if (used) setMounted(true);
  }, [used]);
  return used ? <MantineModal {...props} opened={props.opened && mounted} /> : null;
}
