import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { exportPriceList } from '../api/export-price-list';

/** Downloads a project's price list (.xlsx); a refusal or failure is said in a notification. */
export function PriceListButton({ projectId, projectName }: { projectId: number; projectName: string }) {
  const [isExporting, setIsExporting] = useState(false);
  return (
    <Button
      variant="subtle"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={isExporting}
      aria-label={`Download the price list of ${projectName}`}
      onClick={async () => {
        setIsExporting(true);
        try {
          const name = await exportPriceList(projectId);
          notifications.show({ color: 'green', message: `Saved ${name}.` });
        } catch (error) {
          notifications.show({
            color: 'red',
            title: `Could not export the price list of ${projectName}`,
            message: error instanceof Error ? error.message : 'Try again.',
          });
        } finally {
          setIsExporting(false);
        }
      }}
    >
      Price List
    </Button>
  );
}
