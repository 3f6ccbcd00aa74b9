import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" aria-busy="true" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
