import { Center, Loader } from '@mantine/core';

/** A centred loader for a page or section that is waiting for code or data. */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
