import { Card, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { formatNumber, saleableArea } from '@plotbook/domain';
import { areaInputProps } from './area-input-props';
import { num } from './project-form-values';
import type { ProjectFormState } from './use-project-form';

/** The optional saleable-area section: road, mandir and amenities come off the total area. */
export function SaleableSection({ form }: { form: ProjectFormState }) {
  const { values } = form;
  const saleable = saleableArea(
    num(values.totalArea),
    num(values.roadArea),
    num(values.mandirArea),
    num(values.amenitiesArea),
  );

  return (
    <Card padding="lg">
      <Switch
        label="Saleable area"
        description="Deduct road, mandir and amenities areas from the total area"
        checked={values.isSaleable}
        onChange={(e) => form.setField('isSaleable', e.currentTarget.checked)}
        size="md"
      />
      {values.isSaleable && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mt="md">
          <NumberInput
            label="Road Area (sq ft)"
            {...areaInputProps}
            value={values.roadArea}
            onChange={(v) => form.setField('roadArea', typeof v === 'number' ? v : '')}
            error={form.errorOf('roadArea')}
          />
          <NumberInput
            label="Mandir Area (sq ft)"
            {...areaInputProps}
            value={values.mandirArea}
            onChange={(v) => form.setField('mandirArea', typeof v === 'number' ? v : '')}
            error={form.errorOf('mandirArea')}
          />
          <NumberInput
            label="Amenities Area (sq ft)"
            {...areaInputProps}
            value={values.amenitiesArea}
            onChange={(v) => form.setField('amenitiesArea', typeof v === 'number' ? v : '')}
            error={form.errorOf('amenitiesArea')}
          />
          <TextInput
            label="Saleable Area (sq ft)"
            value={formatNumber(saleable)}
            readOnly
            variant="filled"
            styles={{ input: { fontWeight: 700 } }}
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
