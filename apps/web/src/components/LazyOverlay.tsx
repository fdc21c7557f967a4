import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

// The overlays render in portals, so this box is empty but for the message of a failed download.
const failureBox: CSSProperties = {
  position: 'fixed',
  top: '1rem',
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(32rem, calc(100% - 2rem))',
  zIndex: 'var(--mantine-z-index-modal)',
};

/**
 * Holds a lazily loaded modal or drawer. While its code downloads nothing is shown (the control
 * that opened it stays as it is); if the download fails, a message with a Reload button appears at
 * the top of the window instead of the error breaking the page.
 */
export function LazyOverlay({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={failureBox}>
      <ErrorBoundary title={title}>
        <Suspense fallback={null}>{children}</Suspense>
      </ErrorBoundary>
    </div>
  );
}
