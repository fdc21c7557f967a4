import { Center, Loader } from '@mantine/core';

/** Placeholder while a lazily loaded page's code arrives. */
export function PageLoader() {
  return (
    <Center mih={240} role="status" aria-label="Loading page">
      <Loader />
    </Center>
  );
}
