import { Card, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { formatNumber, saleableArea } from '@plotbook/domain';
import { DecimalInput } from '@/components/decimal-input';
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
          <DecimalInput
            label="Road Area (sq ft)"
            value={values.roadArea}
            onChange={(v) => form.setField('roadArea', v)}
            error={form.errorOf('roadArea')}
          />
          <DecimalInput
            label="Mandir Area (sq ft)"
            value={values.mandirArea}
            onChange={(v) => form.setField('mandirArea', v)}
            error={form.errorOf('mandirArea')}
          />
          <DecimalInput
            label="Amenities Area (sq ft)"
            value={values.amenitiesArea}
            onChange={(v) => form.setField('amenitiesArea', v)}
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
