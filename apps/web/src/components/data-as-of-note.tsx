import { Text } from '@mantine/core';
import { dataAsOfText, useDataAsOf } from '@/lib/data-as-of';

/**
 * "as of hh:mm:ss" (India) above a report or list whose last answer came from a replica that lags (the server's
 * X-Data-As-Of); nothing when it was current.
 */
export function DataAsOfNote({ path }: { path: string }) {
  const asOf = useDataAsOf(path);
  const text = asOf ? dataAsOfText(asOf) : null;
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" mb="xs" data-testid="report-as-of">
      {text}
    </Text>
  );
}
