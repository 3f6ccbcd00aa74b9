import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where the app's notifications and confirm dialogs appear. Screens open them through the `notifications` and
 * `modals` functions, not through React context, so this loads as a chunk of its own beside the first screen
 * (with the modal, scroll-area and positioning code it brings) instead of inside the app's entry.
 */
export function Overlays() {
  return (
    <>
      <Notifications position="top-right" limit={3} />
      <ModalsProvider />
    </>
  );
}
